# check-stderr
printf 'x\n' > a; md5sum a > sums; rm a
md5sum -c sums; echo "status $?"
md5sum -c --ignore-missing sums; echo "status $?"
