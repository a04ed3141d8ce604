# check-stderr
mkdir d; printf 'abc' > a
sha512sum d a; echo "status $?"
