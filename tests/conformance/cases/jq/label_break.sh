jq -nc '[label $out | range(10) | if . > 2 then ., break $out else . end]'
jq -nc 'def f(x): x * 2; f(3)'
jq -nc 'def fac: if . <= 1 then 1 else . * (. - 1 | fac) end; 10 | fac'
jq -nc '[recurse(if . < 3 then . + 1 else empty end)]' <<< 0
jq -c '[.. | numbers]' <<< '[1,[2,{"a":3}]]'
