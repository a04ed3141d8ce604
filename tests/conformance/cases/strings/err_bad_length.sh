# check-stderr
printf 'x' | strings -n 0; echo "status $?"
printf 'x' | strings -n abc; echo "status $?"
