# jq: select over a stream of objects, and/or/not, comparison of types
printf '[{"n":"a","v":1},{"n":"b","v":5},{"n":"c","v":null}]\n' > in.json
jq -c '.[] | select(.v > 2)' in.json
jq -c 'map(select(.v != null and .v < 3)) | length' in.json
jq -c '[.[] | select(.n == "a" or .n == "c") | .n]' in.json
jq -c '[.[] | .v | not]' in.json
jq -c '[.[] | .v] | sort' in.json
rm in.json
