# check-stderr
printf 'abc' > a
b2sum nosuch a; echo "status $?"
