# check-stderr
basename -x a; echo "status $?"
