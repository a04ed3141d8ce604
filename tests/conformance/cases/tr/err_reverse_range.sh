# check-stderr
echo abc | tr z-a x; echo "status $?"
