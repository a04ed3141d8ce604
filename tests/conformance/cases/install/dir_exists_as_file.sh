# check-stderr
echo x > s; install -d s; echo "status $?"
