# check-stderr
printf 'a\n' | nl -w 0; echo "status $?"
