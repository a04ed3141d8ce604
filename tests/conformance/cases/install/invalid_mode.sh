# check-stderr
echo x > s; install -m bad s q; echo "status $?"
