# from mikefarah/yq docs: operators/add "Concatenate arrays"
printf 'a:\n  - 1\n  - 2\nb:\n  - 3\n  - 4\n' > sample.yml
yq '.a + .b' sample.yml
