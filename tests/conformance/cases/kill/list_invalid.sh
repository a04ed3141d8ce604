# check-stderr
kill -l 300
echo "status $?"
kill -l foo
echo "status $?"
