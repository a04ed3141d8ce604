# check-stderr
dirname; echo "status $?"
