# check-stderr
unexpand -z < /dev/null; echo "status $?"
