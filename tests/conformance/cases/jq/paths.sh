jq -nc '{"a":[1,{"b":2}],"c":null} | [paths]'
jq -nc '{"a":[1,{"b":2}],"c":null} | [paths(type == "number")]'
jq -nc '{"a":[1,{"b":2}],"c":null} | [leaf_paths]'
