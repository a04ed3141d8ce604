# check-stderr
printf 'abc' > a; printf 'def' > b
cksum -a sha256 a b > sums
printf 'x' > b
cksum --check sums; echo "status $?"
