# check-stderr
echo abc | cut -b1 -f1; echo "status $?"
