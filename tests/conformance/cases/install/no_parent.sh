# check-stderr
echo x > s; install s nodir/q; echo "status $?"
