# check-stderr
truncate f; echo "status $?"
