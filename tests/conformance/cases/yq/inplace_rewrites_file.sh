# from mikefarah/yq docs: README "Update a yaml file, in place" (yq -i rewrites the file, prints nothing)
printf 'a:\n  b: apple\nc: 1\n' > file.yaml
yq -i '.a.b = "cool"' file.yaml
echo "status $?"
cat file.yaml
