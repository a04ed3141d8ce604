# check-stderr
ln; echo "status $?"; ln -s; echo "status $?"
