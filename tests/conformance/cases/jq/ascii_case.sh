jq -nc '65 | ascii' 2>/dev/null
echo "status=$?"
jq -nc '[72,105] | implode'
jq -nc '"Hello ÀB" | ascii_downcase, ascii_upcase'
jq -nc '"abc" | explode'
