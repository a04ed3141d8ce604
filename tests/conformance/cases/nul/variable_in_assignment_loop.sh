# check-stderr
for i in 1 2; do v=$(printf "$i\\0"); echo "$v"; done
