# check-stderr
unix2dos nosuch; echo "status $?"
