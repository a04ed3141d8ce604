printf 'one\n' > a; printf 'two\n' > b
md5sum a b > sums
printf 'changed\n' > b
md5sum -c sums; echo "status $?"
