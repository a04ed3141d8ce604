# check-stderr
expr 1 / 0; echo "status $?"
