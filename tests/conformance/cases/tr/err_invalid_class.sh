# check-stderr
echo abc | tr '[:foo:]' x; echo "status $?"
