# check-stderr
kill -s FOO $$
echo "status $?"
kill -SIGFOO $$
echo "status $?"
kill -n 99 $$
echo "status $?"
kill -s
echo "status $?"
