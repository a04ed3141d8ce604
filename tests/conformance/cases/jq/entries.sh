jq -nc '{"a":1,"b":2} | to_entries'
jq -nc '[{"key":"a","value":1},{"name":"c","value":3}] | from_entries'
jq -nc '{"a":1,"b":2} | with_entries(.value += 10)'
jq -nc '{"a":1,"b":2} | with_entries(select(.key == "b"))'
