# check-stderr
expr; echo "status $?"
