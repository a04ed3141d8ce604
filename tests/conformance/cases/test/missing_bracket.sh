# check-stderr
[ a = a
echo $?
