# check-stderr
uniq nosuch; echo "status $?"
