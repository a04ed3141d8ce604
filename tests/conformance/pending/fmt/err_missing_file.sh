# check-stderr
fmt nosuch; echo "status $?"
