# from mikefarah/yq README ("preserves comments"; -i updates the value in place)
printf '# top comment\na: cat # the pet\nb:\n  - x\n' > f.yml
yq -i '.a = "dog"' f.yml
cat f.yml
