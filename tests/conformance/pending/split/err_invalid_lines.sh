# check-stderr
seq 1 3 | split -l 0; echo "status $?"
