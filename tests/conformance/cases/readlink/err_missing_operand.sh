# check-stderr
readlink; echo "status $?"
