# check-stderr
xargs -y < /dev/null; echo "status $?"
