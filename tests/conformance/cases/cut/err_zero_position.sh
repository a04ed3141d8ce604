# check-stderr
echo abc | cut -c 0; echo "status $?"
