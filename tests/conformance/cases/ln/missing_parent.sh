# check-stderr
ln -s a nodir/l; echo "status $?"
