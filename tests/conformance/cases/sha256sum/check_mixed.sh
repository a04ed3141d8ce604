# check-stderr
printf '1\n' > a; printf '2\n' > b
sha256sum a b > sums; printf 'x\n' > a
sha256sum --check sums; echo "status $?"
