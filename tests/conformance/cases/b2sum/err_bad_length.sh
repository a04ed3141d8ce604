# check-stderr
printf 'abc' | b2sum -l 7; echo "status $?"
printf 'abc' | b2sum -l 1024; echo "status $?"
