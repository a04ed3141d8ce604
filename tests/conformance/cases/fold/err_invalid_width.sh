# check-stderr
printf 'a\n' | fold -w 0; echo "status $?"
