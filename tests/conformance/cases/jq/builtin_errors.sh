# check-stderr
jq -n '1 | keys'
jq -n 'to_entries'
jq -n '[1] | has("a")'
jq -n '"x" | has(0)'
jq -nc 'null | has("a"), ({"a":1} | has("a")), ([1] | has(0))'
jq -n '{} | sort'
jq -n 'nth(-1; 1,2,3)'
jq -n '[1,[2]] | flatten(-1)'
jq -nc '[1,[2,[3]]] | flatten(0), flatten(1), flatten'
jq -n 'halt_error("x\n")'
echo "status=$?"
