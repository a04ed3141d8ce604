cat
echo "status $?"
