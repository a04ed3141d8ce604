# check-stderr
. ./nope.sh
echo "status=$?"
