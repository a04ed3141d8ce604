jq -nc '"a1b22c" | [splits("[0-9]+")]'
jq -nc '"a, b,c" | split(", *"; null)'
jq -nc '"aXbxc" | [splits("x"; "i")]'
jq -nc '"a,b" | split(",")'
