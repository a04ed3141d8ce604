# check-stderr
printf 'one\n' > a; printf 'two\n' > b
md5sum a b > sums
md5sum -c --quiet sums; echo "status $?"
printf 'X\n' > b
md5sum -c --quiet sums; echo "status $?"
md5sum -c --status sums; echo "status $?"
