# check-stderr
file; echo "status $?"
