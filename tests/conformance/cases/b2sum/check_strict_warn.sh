# check-stderr
printf 'one\n' > a
{ b2sum a; echo 'not a checksum line'; echo; } > sums
b2sum -c sums; echo "status $?"
b2sum -c -w sums; echo "status $?"
b2sum -c --strict sums; echo "status $?"
