# check-stderr
echo abc > f
tr a b f; echo "status $?"
