# jq: paths, leaf paths, getpath and path expressions over a file
printf '{"a":{"b":[1,2]},"c":"x"}\n' > in.json
jq -c '[paths]' in.json
jq -c '[paths(type == "number")]' in.json
jq -c '[leaf_paths]' in.json
jq -c 'getpath(["a","b",1]), getpath(["z","y"])' in.json
jq -c 'path(.a.b[0]), [path(..)] | length' in.json
rm in.json
