# check-stderr
kill 999999
echo "status $?"
kill -0 999999
echo "status $?"
