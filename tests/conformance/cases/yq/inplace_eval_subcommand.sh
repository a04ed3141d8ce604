# from mikefarah/yq docs: README "yq e -i" (eval subcommand with -i after the expression)
printf 'x: 1\n' > file.yaml
yq e '.y.z = "foobar" | .x += 1' -i file.yaml
cat file.yaml
