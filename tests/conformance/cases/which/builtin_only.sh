which cd; echo "status $?"
