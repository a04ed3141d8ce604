# check-stderr
stat; echo "status $?"
