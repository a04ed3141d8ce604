# check-stderr
printf 'garbage\nmore garbage\n' > sums
sha224sum -c sums; echo "status $?"
: > empty
sha224sum -c empty; echo "status $?"
