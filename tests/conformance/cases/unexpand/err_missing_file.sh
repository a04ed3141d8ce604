# check-stderr
unexpand nosuch; echo "status $?"
