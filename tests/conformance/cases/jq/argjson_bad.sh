# check-stderr
# jq 1.7 differs from the recorded 1.6: 1.6 says "invalid JSON text" with the stedolan.github.io address; 1.7 words it the same with https://jqlang.github.io/jq; .err written by hand
jq -n --argjson v '{bad' '$v'
echo "status=$?"
