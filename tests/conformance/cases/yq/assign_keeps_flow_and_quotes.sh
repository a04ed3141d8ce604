# from mikefarah/yq README (yq keeps comments and styles of the nodes it does not change)
printf 'a: [1, 2] # nums\nb: "quoted"\n' > f.yml
yq '.a[0] = 5' f.yml
