# check-stderr
let "x=1/0"
echo "status $?"
let "1 + "
echo "status $?"
readonly r=1
let r=2
echo "status $?"
