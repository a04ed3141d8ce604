# check-stderr
seq 1 2 3 4; echo "status $?"
