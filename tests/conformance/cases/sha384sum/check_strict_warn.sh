# check-stderr
printf 'one\n' > a
{ sha384sum a; echo 'not a checksum line'; echo; } > sums
sha384sum -c sums; echo "status $?"
sha384sum -c -w sums; echo "status $?"
sha384sum -c --strict sums; echo "status $?"
