# check-stderr
sum -z; echo "status $?"
