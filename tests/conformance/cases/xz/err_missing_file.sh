# check-stderr
xz nosuch; echo "status $?"
