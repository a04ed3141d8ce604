echo '{"a":[1,2]}' > in.json
jq --tab -c . in.json
jq -c --tab . in.json
jq --indent 1 -c . in.json
jq -c --indent 1 . in.json
jq --tab --indent 3 . in.json
jq --indent 3 --tab . in.json
jq --indent 0 . in.json
