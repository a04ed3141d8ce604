# check-stderr
expand nosuch; echo "status $?"
