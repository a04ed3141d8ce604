# from mikefarah/yq docs: usage/toml "Encode: Scalar"
printf 'person.name = "hello"\nperson.address = "12 cat st"\n' > sample.toml
yq '.person.name' sample.toml
