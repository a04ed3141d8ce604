# check-stderr
mktemp -p . a/bXXX; echo "status $?"
