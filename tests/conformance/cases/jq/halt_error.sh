# check-stderr
jq -n '"bye\n" | halt_error'
echo "status=$?"
jq -n '{"a":1} | halt_error(3)'
echo "status=$?"
jq -n '"x" | halt_error(0)'
echo "status=$?"
jq -n 'halt'
echo "status=$?"
