# check-stderr
[ a -eq 1 ]
echo $?
