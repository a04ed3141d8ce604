# check-stderr
printf 'a\n' | expand -t 4,2; echo "status $?"
