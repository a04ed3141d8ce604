# check-stderr
touch c; ln -s a b c; echo "status $?"; ln -s a b nodir; echo "status $?"
