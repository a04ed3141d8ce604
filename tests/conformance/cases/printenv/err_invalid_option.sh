# check-stderr
printenv -x; echo "status $?"
