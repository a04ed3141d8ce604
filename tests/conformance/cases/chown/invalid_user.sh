# check-stderr
touch f; chown nosuchuser_xyz f; echo "status $?"
