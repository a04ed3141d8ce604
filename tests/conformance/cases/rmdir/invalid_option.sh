# check-stderr
rmdir -x d; echo "status $?"
