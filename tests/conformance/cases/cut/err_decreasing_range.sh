# check-stderr
echo abc | cut -b 3-1; echo "status $?"
