# check-stderr
cut < /dev/null; echo "status $?"
