jq -nc '[true, false] | any, all'
jq -nc '[] | any, all'
jq -nc 'any(range(5); . == 3), all(range(5); . < 3)'
jq -nc 'isempty(empty), isempty(1)'
