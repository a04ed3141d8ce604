# check-stderr
printf 'one\n' > a; printf 'two\n' > b
sha256sum a b > sums
sha256sum -c --quiet sums; echo "status $?"
printf 'X\n' > b
sha256sum -c --quiet sums; echo "status $?"
sha256sum -c --status sums; echo "status $?"
rm a
sha256sum -c --status sums; echo "status $?"
