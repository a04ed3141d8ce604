# from mikefarah/yq docs: operators/add "Add maps to shallow merge"
printf 'a:\n  thing:\n    name: Astuff\n    value: x\n  a1: cool\nb:\n  thing:\n    name: Bstuff\n    legs: 3\n  b1: neat\n' > sample.yml
yq '.a += .b' sample.yml
