# check-stderr
echo abc | tr a ''; echo "status $?"
