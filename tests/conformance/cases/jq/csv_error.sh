# check-stderr
jq -rn '[[1]] | @csv'
echo "status=$?"
