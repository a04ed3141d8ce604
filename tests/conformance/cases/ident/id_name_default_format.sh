# check-stderr
id -n; echo "status $?"; id -r; echo "status $?"
