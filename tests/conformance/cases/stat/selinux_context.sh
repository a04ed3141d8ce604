# check-stderr
touch f; stat -c "%n %C" f; echo "status $?"
