# check-stderr
echo abc | cut -d ab -f1; echo "status $?"
