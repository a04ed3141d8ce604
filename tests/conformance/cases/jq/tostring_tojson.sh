jq -nc '[1, "1", [1], {"a":"b"}, null] | map(tostring)'
jq -nc '[1, "1", [1], {"a":"b"}, null] | map(tojson)'
jq -nc '"{\"a\":[1,2]}" | fromjson'
