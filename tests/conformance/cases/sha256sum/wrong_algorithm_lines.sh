# check-stderr
printf 'abc' > f; md5sum f > sums
sha256sum -c sums; echo "status $?"
