# check-stderr
paste nosuch; echo "status $?"
