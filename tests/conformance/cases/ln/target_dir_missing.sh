# check-stderr
ln -s -t nodir a; echo "status $?"
