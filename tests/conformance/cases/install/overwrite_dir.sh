# check-stderr
echo x > s; mkdir dir; install -T s dir; echo "status $?"; install dir q; echo "status $?"
