# check-stderr
printf 'one\n' > a; printf 'two\n' > b
sha1sum a b > sums; rm b
sha1sum -c sums; echo "status $?"
