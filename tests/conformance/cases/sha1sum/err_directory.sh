# check-stderr
mkdir d; printf 'abc' > a
sha1sum d a; echo "status $?"
