# check-stderr
jq -nr '"YWJjZ" | @base64d'
echo "status=$?"
jq -nr '"a!b" | @base64d'
echo "status=$?"
jq -nr '"YWJj=YWJj", "YQ", "YWI=" | @base64d'
