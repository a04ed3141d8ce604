# check-stderr
printf '%d\n' abc
echo $?
