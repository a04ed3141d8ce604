# check-stderr
jq -rn '[{}] | @sh'
echo "status=$?"
