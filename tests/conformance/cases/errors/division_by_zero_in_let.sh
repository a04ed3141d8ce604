# check-stderr
let 'x=1/0'
echo "status $?"
