basename ''; echo "status $?"
