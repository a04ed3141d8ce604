# check-stderr
jq -nc '"abc" | test("B"; "q")'
echo "status=$?"
jq -nc '"abc" | test("B"; "gq")'
echo "status=$?"
