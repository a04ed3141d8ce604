# check-stderr
printf 'garbage\nmore garbage\n' > sums
sha512sum -c sums; echo "status $?"
: > empty
sha512sum -c empty; echo "status $?"
