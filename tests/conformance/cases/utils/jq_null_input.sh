# jq: -n runs the program once with null input
jq -n '1 + 2'
jq -n -c '[., null == .]'
jq -n -c '{a: 1} | .b.c = 2'
jq -n -c '[.[]?]'
jq -n -c '"abc" | [explode, length, ascii_upcase]'
jq -n -c '[range(5)] | .[1:3], .[-2:], first, last'
