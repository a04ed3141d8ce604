# from mikefarah/yq docs: operators/add "Concatenate null to array"
printf 'a:\n  - 1\n  - 2\n' > sample.yml
yq '.a + null' sample.yml
