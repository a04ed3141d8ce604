# check-stderr
seq -w -f '%g' 1 2; echo "status $?"
