# check-stderr
export -f nosuch
echo "status $?"
