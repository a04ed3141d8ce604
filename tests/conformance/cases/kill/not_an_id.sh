# check-stderr
kill abc
echo "status $?"
kill -- -x
echo "status $?"
