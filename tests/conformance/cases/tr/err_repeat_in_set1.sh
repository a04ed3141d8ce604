# check-stderr
echo abc | tr '[a*]' x; echo "status $?"
