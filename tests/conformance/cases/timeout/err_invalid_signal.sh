# check-stderr
timeout -s NOPE 1 sleep 0; echo "status $?"
