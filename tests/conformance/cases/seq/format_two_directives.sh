# check-stderr
seq -f '%g %g' 1 2; echo "status $?"
