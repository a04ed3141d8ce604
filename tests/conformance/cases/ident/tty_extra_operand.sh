# check-stderr
tty x; echo "status $?"
