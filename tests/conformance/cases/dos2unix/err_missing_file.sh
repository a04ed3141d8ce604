# check-stderr
dos2unix nosuch; echo "status $?"
