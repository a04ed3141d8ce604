jq -nc '[{"a":2,"b":1},{"a":1,"b":2},{"a":2,"b":3}] | group_by(.a)'
jq -nc '[{"a":2,"b":1},{"a":1,"b":2},{"a":2,"b":3}] | unique_by(.a)'
jq -nc '["abc","b","de","f"] | unique_by(length), group_by(length)'
jq -nc '[3,1,2,1] | unique, sort, sort_by(-.), min, max'
