# check-stderr
strings nosuch; echo "status $?"
