# check-stderr
od nosuch; echo "status $?"
