# check-stderr
printf 'abc' | split -n 2; echo "status $?"
