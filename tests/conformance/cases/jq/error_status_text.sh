# check-stderr
echo '[1,2]' | jq '.[] | if . == 2 then error("two") else . end'
echo "status=$?"
jq -n '[1] | implode | ascii_downcase' >/dev/null
echo "status=$?"
