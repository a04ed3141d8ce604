# check-stderr
declare - 2>&1
echo "status=$?"
declare -r - x=1 2>&1
echo "status=$?"
