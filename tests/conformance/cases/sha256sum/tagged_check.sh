printf 'abc' > f; sha256sum --tag f > sums
sha256sum -c sums; echo "status $?"
