# check-stderr
mkdir d; printf 'abc' > a
sha224sum d a; echo "status $?"
