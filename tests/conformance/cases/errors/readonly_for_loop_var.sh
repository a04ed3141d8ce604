# check-stderr
readonly i=0
for i in 1 2; do echo "$i"; done
echo "status=$?"
