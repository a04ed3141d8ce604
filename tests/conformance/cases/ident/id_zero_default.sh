# check-stderr
id -z; echo "status $?"
