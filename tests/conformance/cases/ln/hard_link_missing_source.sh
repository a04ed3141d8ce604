# check-stderr
ln nosuch h; echo "status $?"
