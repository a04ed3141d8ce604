touch f
readlink f; echo "status $?"
