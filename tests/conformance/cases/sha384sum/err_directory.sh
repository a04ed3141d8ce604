# check-stderr
mkdir d; printf 'abc' > a
sha384sum d a; echo "status $?"
