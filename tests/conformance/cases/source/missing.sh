# check-stderr
. ./nosuch.sh
echo "status $?"
