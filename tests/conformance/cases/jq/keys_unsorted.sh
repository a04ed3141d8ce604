jq -nc '{"b":1,"a":2} | keys_unsorted, keys'
jq -c 'keys_unsorted' <<< '{"z":1,"y":2,"x":3}'
