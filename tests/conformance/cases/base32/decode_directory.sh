# check-stderr
mkdir d
base32 d; echo "status $?"
base32 -d d; echo "status $?"
