# check-stderr
mktemp -p . abXX; echo "status $?"
