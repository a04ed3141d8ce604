# check-stderr
printf 'a' > f
cmp f nosuch; echo "status $?"
cmp -s f nosuch; echo "status $?"
