# check-stderr
base32 nosuch; echo "status $?"
