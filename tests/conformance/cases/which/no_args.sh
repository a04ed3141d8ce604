which; echo "status $?"
