# check-stderr
echo one
echo two
missing-command arg
echo "status $?"
