# check-stderr
printf 'one\n' > a
{ sha224sum a; echo 'not a checksum line'; echo; } > sums
sha224sum -c sums; echo "status $?"
sha224sum -c -w sums; echo "status $?"
sha224sum -c --strict sums; echo "status $?"
