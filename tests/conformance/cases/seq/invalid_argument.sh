# check-stderr
seq 1 x; echo "status $?"
