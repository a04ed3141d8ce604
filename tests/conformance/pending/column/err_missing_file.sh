# check-stderr
column nosuch; echo "status $?"
