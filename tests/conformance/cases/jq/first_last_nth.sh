jq -nc 'first(range(5;10)), last(range(5;10)), nth(2; range(5;10))'
jq -nc '[1,2,3] | first, last, nth(1)'
jq -nc '[] | first, last'
