# check-stderr
nl nosuch; echo "status $?"
