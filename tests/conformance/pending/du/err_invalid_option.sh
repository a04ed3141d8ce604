# check-stderr
du -y; echo "status $?"
