# check-stderr
jq -n '1 as $k | {($k): 2}'
echo "status=$?"
jq -nc '{"a":1} as $o | {($o): 2}'
jq -nc '{a: 1, "b": 2, ("c"): 3, "d\(1)": 4}'
jq -nc '1 as $x | {$x, a: $x}'
jq -nc '{"a":1,"b":2} | {a, b}'
jq -nc '{(1,"a"): 2}'
jq -nc '{if: 1, then: 2}'
