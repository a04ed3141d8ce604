# check-stderr
echo abc | cut -b1 -d:; echo "status $?"
