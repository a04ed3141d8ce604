# check-stderr
jq -n 'null | test("a")'
echo "status=$?"
jq -n '{} | [splits("a")]'
echo "status=$?"
jq -n '1 | sub("a"; "b")'
echo "status=$?"
