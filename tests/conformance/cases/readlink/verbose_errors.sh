# check-stderr
touch f
readlink -v f nosuch; echo "status $?"
