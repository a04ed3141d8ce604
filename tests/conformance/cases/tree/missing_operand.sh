export LC_ALL=C
tree nosuch; echo "status $?"
