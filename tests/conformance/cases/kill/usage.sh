# check-stderr
kill
echo "status $?"
kill -9
echo "status $?"
