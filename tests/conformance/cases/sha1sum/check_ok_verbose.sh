printf 'one\n' > a; printf 'two\n' > b
sha1sum a b > sums
sha1sum -c sums; echo "status $?"
sha1sum --check sums; echo "status $?"
