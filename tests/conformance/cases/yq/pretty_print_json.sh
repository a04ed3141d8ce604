# from mikefarah/yq --help example "yq -P -oy sample.json" (idiomatic YAML from JSON)
echo '{"a":{"b":[1,2]},"c":"d"}' > sample.json
yq -P -oy sample.json
