# check-stderr
echo abc | tr -x a b; echo "status $?"
