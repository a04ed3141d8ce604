# check-stderr
printf 'one\n' > a
{ sha256sum a; echo 'not a checksum line'; echo; } > sums
sha256sum -c sums; echo "status $?"
sha256sum -c -w sums; echo "status $?"
sha256sum -c --strict sums; echo "status $?"
