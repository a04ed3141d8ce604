# check-stderr
mktemp -p nosuchdir; echo "status $?"
