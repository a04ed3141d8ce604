echo '{"b":1,"a":{"d":2,"c":3},"A":0}' | jq -S -c .
echo '{"b":1,"a":2}' | jq -S .
