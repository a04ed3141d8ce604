# check-stderr
echo abc | tr -d a b; echo "status $?"
