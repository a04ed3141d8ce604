[ 1 -eq 2 ]
echo $?
[ 1 -eq 1 ]
echo $?
test
echo $?
