# check-stderr
declare -i -- n=1+1 m=2
declare -p n m
declare -- -x 2>&1
echo "status=$?"
