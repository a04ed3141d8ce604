# check-stderr
timeout 1; echo "status $?"
