# check-stderr
printf 'nothing here\n' > sums
md5sum -c sums; echo "status $?"
