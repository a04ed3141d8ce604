# check-stderr
chmod 755 nofile; echo "status $?"; chmod -f 755 nofile; echo "status $?"
