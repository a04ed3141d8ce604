# check-stderr
printf 'one\n' > a
{ sha512sum a; echo 'not a checksum line'; echo; } > sums
sha512sum -c sums; echo "status $?"
sha512sum -c -w sums; echo "status $?"
sha512sum -c --strict sums; echo "status $?"
