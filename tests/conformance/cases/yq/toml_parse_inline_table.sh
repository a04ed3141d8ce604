# from mikefarah/yq docs: usage/toml "Parse: inline table"
echo 'name = { first = "Tom", last = "Preston-Werner" }' > sample.toml
yq -oy '.' sample.toml
