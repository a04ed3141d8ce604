readlink nosuch; echo "status $?"
