jq -nc '[{"a":3},{"a":1},{"a":2}] | min_by(.a), max_by(.a)'
jq -nc '[] | min, max'
jq -nc '[{"a":3},{"a":1}] | sort_by(.a) | map(.a)'
