echo '{"b":[1],"a":{"c":true}}' | jq --tab -S .
