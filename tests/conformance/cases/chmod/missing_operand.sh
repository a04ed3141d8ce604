# check-stderr
chmod; echo "status $?"; chmod 755; echo "status $?"
