# from mikefarah/yq cmd/root.go: -r/--unwrapScalar prints a scalar's bare value, also with -o json
echo 'a: cat' > f.yml
yq -o json '.a' f.yml
yq -o json -r '.a' f.yml
