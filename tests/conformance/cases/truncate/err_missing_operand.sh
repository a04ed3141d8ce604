# check-stderr
truncate -s 1; echo "status $?"
