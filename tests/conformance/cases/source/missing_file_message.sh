# check-stderr
source ./nope.sh
echo "status=$?"
