# check-stderr
chmod -Q 755 f; echo "status $?"
