# check-stderr
nosuch 2>/dev/null
echo "status $?"
