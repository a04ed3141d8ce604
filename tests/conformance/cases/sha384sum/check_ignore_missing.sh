# check-stderr
printf 'one\n' > a; printf 'two\n' > b
sha384sum a b > sums; rm b
sha384sum -c --ignore-missing sums; echo "status $?"
rm a
sha384sum -c --ignore-missing sums; echo "status $?"
