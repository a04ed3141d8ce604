# check-stderr
mktemp -p . --suffix=x abc; echo "status $?"
