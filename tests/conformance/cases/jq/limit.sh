jq -nc '[limit(3; range(10))]'
jq -nc '[limit(1; 1, error("x"))]'
jq -nc '[limit(5; 1, 2)]'
