expr 5 - 5; echo "status $?"
