# check-stderr
declare -n r='1bad'
echo "status=$?"
