# check-stderr
printf 'a\n' | fold -w x; echo "status $?"
