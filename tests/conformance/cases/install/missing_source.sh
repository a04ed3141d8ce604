# check-stderr
install nosuch q; echo "status $?"
