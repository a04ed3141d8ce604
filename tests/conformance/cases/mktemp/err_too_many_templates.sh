# check-stderr
mktemp aXXX bXXX; echo "status $?"
