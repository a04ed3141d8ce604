# check-stderr
uname -q; echo "status $?"
