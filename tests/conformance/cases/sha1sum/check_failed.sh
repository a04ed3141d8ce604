# check-stderr
printf 'a\n' > a; sha1sum a > sums; printf 'A\n' > a
sha1sum -c sums; echo "status $?"
