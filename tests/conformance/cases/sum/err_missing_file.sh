# check-stderr
printf 'x' > f
sum f nosuch; echo "status $?"
