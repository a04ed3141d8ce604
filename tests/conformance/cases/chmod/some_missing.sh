# check-stderr
touch a; chmod 600 a; chmod -v 644 a nofile; echo "status $?"
