echo '1' | jq -e empty
echo "status=$?"
jq -ne 'true'
echo "status=$?"
