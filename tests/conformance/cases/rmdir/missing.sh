# check-stderr
rmdir nosuch; echo "status $?"
