jq -nc 'null // 1, false // 2, 3 // 4, (empty // 5)'
jq -nc '[1,null,2] | map(. // 0)'
jq -nc '{"a":null} | .a //= 7'
jq -nc '{"a":1} | .a |= . + 1, .a += 2, .b = 3, del(.a)'
