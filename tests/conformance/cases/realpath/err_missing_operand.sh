# check-stderr
realpath; echo "status $?"
