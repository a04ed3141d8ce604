# jq: map, map_values, add, reduce and foreach
printf '[1,2,3,4]\n{"a":1,"b":2}\n' > in.json
jq -c 'if type == "array" then map(. * 10) else map_values(. + 1) end' in.json
jq -c 'add' in.json
jq -n -c '[1,2,3] | reduce .[] as $x (0; . + $x)'
jq -n -c '[foreach (1,2,3) as $x (0; . + $x; [$x, .])]'
jq -n -c '[limit(3; repeat("x"))], first(range(10;20)), [range(0;10;3)]'
jq -n -c '[1,[2,[3]]] | flatten, flatten(1)'
rm in.json
