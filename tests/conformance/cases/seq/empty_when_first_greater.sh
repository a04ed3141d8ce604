seq 5 1; echo "status $?"
