echo '{"a":"x","b":[1]}' | jq -rc '.a, .b'
echo '"x"' | jq -rj '., .'
echo
echo '{"b":1,"a":2}' | jq -cS .
