# check-stderr
jq -n 'null | implode'
echo "status=$?"
jq -nc '[72, 105.9, 233] | implode'
