# check-stderr
printf 'one\n' > a; printf 'two\n' > b
sha256sum a b > sums; rm b
sha256sum -c sums; echo "status $?"
