# check-stderr
# The same in a -c string, and at its end.
bash -c 'a=(1 & 2); echo b
echo "after $?"'
echo "status $?"
bash -c 'x=(a'
echo "status $?"
bash -c 'x=(a b
echo more'
echo "status $?"
