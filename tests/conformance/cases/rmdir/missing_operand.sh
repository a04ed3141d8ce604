# check-stderr
rmdir; echo "status $?"
