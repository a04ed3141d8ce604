# check-stderr
nosuch | cat
echo $?
