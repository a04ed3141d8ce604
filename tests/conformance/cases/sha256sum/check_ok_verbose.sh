printf 'one\n' > a; printf 'two\n' > b
sha256sum a b > sums
sha256sum -c sums; echo "status $?"
sha256sum --check sums; echo "status $?"
