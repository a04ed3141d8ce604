# check-stderr
stat -c %n nosuch; echo "status $?"
