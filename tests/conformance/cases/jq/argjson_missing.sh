jq -n --argjson v 2>/dev/null
echo "status=$?"
jq -n --arg x 2>/dev/null
echo "status=$?"
