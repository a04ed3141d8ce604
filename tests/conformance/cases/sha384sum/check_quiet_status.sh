# check-stderr
printf 'one\n' > a; printf 'two\n' > b
sha384sum a b > sums
sha384sum -c --quiet sums; echo "status $?"
printf 'X\n' > b
sha384sum -c --quiet sums; echo "status $?"
sha384sum -c --status sums; echo "status $?"
rm a
sha384sum -c --status sums; echo "status $?"
