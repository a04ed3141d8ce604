# jq: keys (sorted), keys_unsorted, has, length, to_entries/from_entries/with_entries
printf '{"b":1,"a":[1,2],"c":{"d":null}}\n' > in.json
jq -c 'keys, keys_unsorted, length' in.json
jq -c 'has("a"), has("z"), (.a | has(1)), (.a | length), (.c | length)' in.json
jq -c 'to_entries' in.json
jq -c 'with_entries(.value |= type)' in.json
jq -c -n '[{"key":"x","value":1},{"name":"y","value":2}] | from_entries'
rm in.json
