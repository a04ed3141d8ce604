# from mikefarah/yq cmd/root.go: -N/--no-doc drops the document separators
printf 'a: 1\n---\na: 2\n' > f.yml
yq -N '.a' f.yml
