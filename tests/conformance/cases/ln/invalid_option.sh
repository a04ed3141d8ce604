# check-stderr
ln -Q a b; echo "status $?"
