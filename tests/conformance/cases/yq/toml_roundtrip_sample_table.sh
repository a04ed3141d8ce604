# from mikefarah/yq docs: usage/toml "Roundtrip: sample table"
printf 'var = "x"\n\n[owner.contact]\nname = "Tom Preston-Werner"\nage = 36\n' > sample.toml
yq '.' sample.toml
