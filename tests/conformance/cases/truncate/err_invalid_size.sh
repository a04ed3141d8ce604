# check-stderr
truncate -s abc f; echo "status $?"
