# check-stderr
jq -nc '"2015-03-05T23:51:47.123Z" | fromdate'
echo "status=$?"
jq -nc '[2015,2,5] | mktime'
echo "status=$?"
jq -nc '"abc" | strptime("%Y-%m-%d")'
echo "status=$?"
jq -nc '[2015,2,5,23,51,47.5,4,63] | mktime'
jq -nc '"2015-03-05" | strptime("%Y-%m-%d") | mktime'
jq -nc '1 | strptime("%Y")'
echo "status=$?"
