# check-stderr
ln -r a b; echo "status $?"
