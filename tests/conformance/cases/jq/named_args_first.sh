jq -n --arg x 1 --arg x 2 '$x'
jq -nc --arg x 1 --argjson x 2 '$x, $ARGS.named'
jq -n --arg
echo "status=$?"
jq -n --indent 2>&1 | head -1
