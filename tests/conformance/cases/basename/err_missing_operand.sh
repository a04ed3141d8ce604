# check-stderr
basename; echo "status $?"
