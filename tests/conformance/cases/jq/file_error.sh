# check-stderr
echo 1 > a.json
jq . a.json missing.json
echo "status=$?"
