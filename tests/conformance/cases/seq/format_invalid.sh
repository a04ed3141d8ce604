# check-stderr
seq -f '%d' 1 2; echo "status $?"
