# from mikefarah/yq docs: usage/toml "Roundtrip: simple"
printf 'A = "hello"\nB = 12\n' > sample.toml
yq '.' sample.toml
