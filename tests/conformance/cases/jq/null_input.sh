echo '5' | jq -n '.'
echo '5' | jq -n 'input'
