timeout -k 0.1 0.1 sleep 0.3; echo "status $?"
