# check-stderr
jq -nc '{"a":1} | delpaths([["a","b"]])'
jq -nc '[1] | delpaths([["a"]])'
jq -nc '{"a":1} | delpaths([[0]])'
jq -nc '{"a":{"b":1,"c":2}} | del(.a.b), delpaths([["a","c"],["x"]])'
jq -n '"a" | tonumber'
jq -n '"1 x" | fromjson'
echo "status=$?"
