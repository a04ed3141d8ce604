echo '{"a":1}' > a.json
echo '{"a":2}' > b.json
jq -c .a a.json b.json
jq -s -c 'map(.a)' a.json b.json
cat a.json | jq -c . - b.json
