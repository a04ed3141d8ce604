# check-stderr
tr < /dev/null; echo "status $?"
