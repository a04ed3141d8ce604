# check-stderr
jq -n '"a" + 1'
echo "status=$?"
echo '[1]' | jq '.[] | {} - 1'
echo "status=$?"
