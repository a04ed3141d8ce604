# check-stderr
mktemp -q -p nosuchdir; echo "status $?"
