jq -nc '{"a":1,"b":2} as $o | {a: $o.a, $o, "c\(1)": 3}'
jq -nc '{(1,2|tostring): 0}'
jq -c '{a, b}' <<< '{"a":1,"b":2,"c":3}'
jq -nc '[{"a":1},{"a":2}] | map({x: .a})'
