echo '{"a":[1,{"b":2}]}' | jq --indent 1 .
echo '{"a":[1,{"b":2}]}' | jq --indent 0 .
echo '{"a":[1]}' | jq --indent 7 .
