# check-stderr
fold nosuch; echo "status $?"
