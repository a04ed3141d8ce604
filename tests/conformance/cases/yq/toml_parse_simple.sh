# from mikefarah/yq docs: usage/toml "Parse: Simple"
printf 'A = "hello"\nB = 12\n' > sample.toml
yq -oy '.' sample.toml
