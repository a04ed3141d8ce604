# check-stderr
patch --bogus; echo "status $?"
