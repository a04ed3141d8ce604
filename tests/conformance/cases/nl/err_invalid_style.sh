# check-stderr
printf 'a\n' | nl -b x; echo "status $?"
