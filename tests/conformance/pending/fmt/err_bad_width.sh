# check-stderr
printf 'a\n' | fmt -w x; echo "status $?"
