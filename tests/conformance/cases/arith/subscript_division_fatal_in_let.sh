# check-stderr
echo start
let "x=a[1/0]"
echo "not reached $?"
