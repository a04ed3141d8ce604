# check-stderr
printf 'one\n' > a; printf 'two\n' > b
sha1sum a b > sums
sha1sum -c --quiet sums; echo "status $?"
printf 'X\n' > b
sha1sum -c --quiet sums; echo "status $?"
sha1sum -c --status sums; echo "status $?"
rm a
sha1sum -c --status sums; echo "status $?"
