# from mikefarah/yq docs: usage/toml "Roundtrip: arrays and scalars"
printf 'A = ["hello", ["world", "again"]]\nB = 12\n' > sample.toml
yq '.' sample.toml
