# check-stderr
nosuch
echo $?
