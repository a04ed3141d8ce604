# check-stderr
seq 1 0 3; echo "status $?"
