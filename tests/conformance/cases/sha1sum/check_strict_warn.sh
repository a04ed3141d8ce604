# check-stderr
printf 'one\n' > a
{ sha1sum a; echo 'not a checksum line'; echo; } > sums
sha1sum -c sums; echo "status $?"
sha1sum -c -w sums; echo "status $?"
sha1sum -c --strict sums; echo "status $?"
