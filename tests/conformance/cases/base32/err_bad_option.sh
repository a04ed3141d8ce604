# check-stderr
base32 --bogus; echo "status $?"
