jq -ne 'error("x")' 2>/dev/null
echo "status=$?"
jq -ne 'null, 1' >/dev/null
echo "status=$?"
jq -ne '1, null' >/dev/null
echo "status=$?"
