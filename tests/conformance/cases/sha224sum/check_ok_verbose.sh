printf 'one\n' > a; printf 'two\n' > b
sha224sum a b > sums
sha224sum -c sums; echo "status $?"
sha224sum --check sums; echo "status $?"
