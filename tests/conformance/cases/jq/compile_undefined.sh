jq -n 'nosuchfn(1)' 2>/dev/null
echo "status=$?"
jq -n '$nosuchvar' 2>/dev/null
echo "status=$?"
