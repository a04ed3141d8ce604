# check-stderr
jq -n '1 +'
echo "status=$?"
jq -n '[1, 2] | map(. +)'
echo "status=$?"
jq -n '.a['
echo "status=$?"
