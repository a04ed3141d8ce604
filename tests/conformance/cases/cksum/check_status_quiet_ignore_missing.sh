# check-stderr
printf 'abc' > a; printf 'def' > b
cksum -a sha1 a b > sums; rm b
cksum -c --ignore-missing sums; echo "status $?"
cksum -c --quiet sums; echo "status $?"
cksum -c --status sums; echo "status $?"
printf 'x' > a
cksum -a sha1 -c --ignore-missing --quiet sums; echo "status $?"
