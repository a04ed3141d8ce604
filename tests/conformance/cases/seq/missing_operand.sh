# check-stderr
seq; echo "status $?"
