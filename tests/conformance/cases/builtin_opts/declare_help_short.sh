# check-stderr
declare -pQ 2>&1
echo "status=$?"
