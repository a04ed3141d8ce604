# from mikefarah/yq docs: operators/add "Append to existing array" (the array in block style, whose style the new item copies)
printf 'a:\n  - dog\n' > sample.yml
yq '.a += "cat"' sample.yml
