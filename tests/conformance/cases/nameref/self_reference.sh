# check-stderr
declare -n r=r
echo "status=$?"
