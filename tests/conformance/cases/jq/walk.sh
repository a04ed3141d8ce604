jq -nc '[1,[2,{"a":3}]] | walk(if type == "number" then . * 10 else . end)'
jq -nc '{"b":1,"a":[3,1]} | walk(if type == "array" then sort else . end)'
