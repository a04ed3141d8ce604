# check-stderr
csplit; echo "status $?"
