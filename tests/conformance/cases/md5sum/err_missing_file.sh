# check-stderr
printf 'x' > f
md5sum f nosuch; echo "status $?"
