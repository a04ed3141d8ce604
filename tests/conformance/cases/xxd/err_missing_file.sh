# check-stderr
xxd nosuch; echo "status $?"
