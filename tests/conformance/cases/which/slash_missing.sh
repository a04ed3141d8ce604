which ./nofile; echo "status $?"
