# check-stderr
shuf nosuch; echo "status $?"
