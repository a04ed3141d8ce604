# check-stderr
eval 'if'
echo "status $?"
