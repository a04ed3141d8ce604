# check-stderr
paste -d '\' < /dev/null; echo "status $?"
