# jq: assignment and update operators, del, setpath on null
printf '{"a":1,"b":[1,2,3],"c":{"d":"x"}}\n' > in.json
jq -c '.a = 10 | .b[1] |= . * 5 | .c.e = true' in.json
jq -c '.a += 2 | .b[] -= 1 | .z //= "default"' in.json
jq -c 'del(.b[0, 2]) | del(.c)' in.json
jq -c -n 'null | .x.y[2] = 1'
jq -c '.b |= map(select(. != 2))' in.json
jq -c 'to_entries | map(.key) ' in.json
jq -c '[.b[] | . as $x | $x * $x]' in.json
jq -c 'setpath(["c","d"]; 5) | delpaths([["a"]])' in.json
rm in.json
