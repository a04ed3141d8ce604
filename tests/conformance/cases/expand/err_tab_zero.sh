# check-stderr
printf 'a\n' | expand -t 0; echo "status $?"
