# check-stderr
whoami x; echo "status $?"
