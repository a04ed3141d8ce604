# check-stderr
printf 'one\n' > a; printf 'two\n' > b
sha224sum a b > sums
sha224sum -c --quiet sums; echo "status $?"
printf 'X\n' > b
sha224sum -c --quiet sums; echo "status $?"
sha224sum -c --status sums; echo "status $?"
rm a
sha224sum -c --status sums; echo "status $?"
