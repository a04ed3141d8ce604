# check-stderr
x=1
echo "${x:}"
echo "next line status=$?"
