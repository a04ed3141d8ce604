# check-stderr
printf 'one\n' > a; printf 'two\n' > b
sha224sum a b > sums; rm b
sha224sum -c sums; echo "status $?"
