# check-stderr
truncate -s 1 nodir/f; echo "status $?"
