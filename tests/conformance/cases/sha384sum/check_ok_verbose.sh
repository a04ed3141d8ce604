printf 'one\n' > a; printf 'two\n' > b
sha384sum a b > sums
sha384sum -c sums; echo "status $?"
sha384sum --check sums; echo "status $?"
