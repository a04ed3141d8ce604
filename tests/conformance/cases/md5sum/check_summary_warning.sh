# check-stderr
printf 'one\n' > a; printf 'two\n' > b; printf 'three\n' > c
md5sum a b c > sums
printf 'X\n' > b; printf 'Y\n' > c
md5sum -c sums; echo "status $?"
