# check-stderr
echo abc | cut -f a; echo "status $?"
