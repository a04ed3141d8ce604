# check-stderr
echo abc | tr '[:lower:]' '[:digit:]'; echo "status $?"
