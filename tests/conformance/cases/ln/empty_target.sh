# check-stderr
ln -s "" e; echo "status $?"
