# check-stderr
jq -n 'error("custom message")'
echo "status=$?"
jq -n 'error({"a":1})'
echo "status=$?"
