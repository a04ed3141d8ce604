echo '{"a":[1,{"b":null}],"c":"x"} 3 [] {}' | jq -c --stream .
echo '{"a":[1,2],"b":{"c":3}}' | jq -c --stream 'select(length == 2)'
echo '[{"id":1},{"id":2}]' | jq -cn --stream 'fromstream(1 | truncate_stream(inputs))'
echo '{"a":[1,2]}' | jq -c --stream -n '[inputs]'
echo '[[1]]' | jq -c --stream -s .
