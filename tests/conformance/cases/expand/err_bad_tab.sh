# check-stderr
printf 'a\n' | expand -t x; echo "status $?"
