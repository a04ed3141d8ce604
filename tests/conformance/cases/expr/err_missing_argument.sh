# check-stderr
expr 1 +; echo "status $?"
