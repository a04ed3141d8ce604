# check-stderr
paste -q < /dev/null; echo "status $?"
