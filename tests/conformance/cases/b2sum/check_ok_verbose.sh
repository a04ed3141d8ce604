printf 'one\n' > a; printf 'two\n' > b
b2sum a b > sums
b2sum -c sums; echo "status $?"
b2sum --check sums; echo "status $?"
