jq -nc '[limit(-1; 1,2)]'
jq -nc '[limit(2; range(10))]'
jq -nc '[limit(3; 1,2)]'
