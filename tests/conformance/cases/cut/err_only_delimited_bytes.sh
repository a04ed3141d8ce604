# check-stderr
echo abc | cut -c1 -s; echo "status $?"
