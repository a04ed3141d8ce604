# check-stderr
touch f; rmdir f; echo "status $?"
