printf 'one\n' > a; printf 'two\n' > b
sha512sum a b > sums
sha512sum -c sums; echo "status $?"
sha512sum --check sums; echo "status $?"
