# check-stderr
printf 'one\n' > a; printf 'two\n' > b
sha512sum a b > sums
sha512sum -c --quiet sums; echo "status $?"
printf 'X\n' > b
sha512sum -c --quiet sums; echo "status $?"
sha512sum -c --status sums; echo "status $?"
rm a
sha512sum -c --status sums; echo "status $?"
