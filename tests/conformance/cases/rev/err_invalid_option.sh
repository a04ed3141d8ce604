# check-stderr
rev -q < /dev/null; echo "status $?"
