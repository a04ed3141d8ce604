# check-stderr
cut -x 1 < /dev/null; echo "status $?"
