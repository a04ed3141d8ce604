jq -nc --seq '1, [2], "a"' | od -c
jq -n --seq '{"a":1}' | od -c
