file nosuch; echo "status $?"
