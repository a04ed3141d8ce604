# check-stderr
mkdir d; printf 'abc' > a
b2sum d a; echo "status $?"
