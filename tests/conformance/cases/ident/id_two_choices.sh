# check-stderr
id -ug; echo "status $?"
