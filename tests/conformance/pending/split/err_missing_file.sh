# check-stderr
split nosuch; echo "status $?"
