# check-stderr
timeout abc sleep 0; echo "status $?"
