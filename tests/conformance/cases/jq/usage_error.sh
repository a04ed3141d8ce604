echo '{"a":1}' | jq -c
echo "status=$?"
jq --no-such-option . 2>/dev/null
echo "status=$?"
