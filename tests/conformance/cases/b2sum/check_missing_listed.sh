# check-stderr
printf 'one\n' > a; printf 'two\n' > b
b2sum a b > sums; rm b
b2sum -c sums; echo "status $?"
