# check-stderr
enable -n nosuch
echo "status $?"
enable -n echo
echo hi
enable echo
type -t echo
