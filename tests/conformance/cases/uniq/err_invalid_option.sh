# check-stderr
uniq -y < /dev/null; echo "status $?"
