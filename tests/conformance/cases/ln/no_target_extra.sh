# check-stderr
ln -sT a b c; echo "status $?"
