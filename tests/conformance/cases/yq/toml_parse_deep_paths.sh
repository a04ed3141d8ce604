# from mikefarah/yq docs: usage/toml "Parse: Deep paths"
printf 'person.name = "hello"\nperson.address = "12 cat st"\n' > sample.toml
yq -oy '.' sample.toml
