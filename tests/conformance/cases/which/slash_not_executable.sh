touch f; which ./f; echo "status $?"
