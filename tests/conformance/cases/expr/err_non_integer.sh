# check-stderr
expr a + 1; echo "status $?"
