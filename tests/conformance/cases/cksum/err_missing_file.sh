# check-stderr
printf 'x' > f
cksum f nosuch; echo "status $?"
