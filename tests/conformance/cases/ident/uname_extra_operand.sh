# check-stderr
uname x; echo "status $?"
