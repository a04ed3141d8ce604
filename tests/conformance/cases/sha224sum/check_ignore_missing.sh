# check-stderr
printf 'one\n' > a; printf 'two\n' > b
sha224sum a b > sums; rm b
sha224sum -c --ignore-missing sums; echo "status $?"
rm a
sha224sum -c --ignore-missing sums; echo "status $?"
