# check-stderr
printf 'one\n' > a; printf 'two\n' > b
sha512sum a b > sums; rm b
sha512sum -c --ignore-missing sums; echo "status $?"
rm a
sha512sum -c --ignore-missing sums; echo "status $?"
