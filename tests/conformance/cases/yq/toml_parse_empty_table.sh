# from mikefarah/yq docs: usage/toml "Parse: Empty Table"
printf '[dependencies]\n' > sample.toml
yq -oy '.' sample.toml
