# check-stderr
printf 'one\n' > a; printf 'two\n' > b
b2sum a b > sums
b2sum -c --quiet sums; echo "status $?"
printf 'X\n' > b
b2sum -c --quiet sums; echo "status $?"
b2sum -c --status sums; echo "status $?"
rm a
b2sum -c --status sums; echo "status $?"
