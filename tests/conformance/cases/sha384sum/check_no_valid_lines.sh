# check-stderr
printf 'garbage\nmore garbage\n' > sums
sha384sum -c sums; echo "status $?"
: > empty
sha384sum -c empty; echo "status $?"
