# check-stderr
tac -x < /dev/null; echo "status $?"
