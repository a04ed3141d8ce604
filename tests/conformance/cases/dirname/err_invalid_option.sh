# check-stderr
dirname -q a; echo "status $?"
