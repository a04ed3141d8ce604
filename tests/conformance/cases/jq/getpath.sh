jq -nc '{"a":{"b":[1,2]}} | getpath(["a","b",1]), getpath(["x","y"])'
jq -nc 'null | setpath(["a",1]; 5)'
jq -nc '{"a":1,"b":{"c":2}} | delpaths([["a"],["b","c"]])'
jq -nc '[1,2,3] | delpaths([[0],[2]])'
