# from mikefarah/yq docs: operators/assign-update "Update node to be the child value"
printf 'a:\n  b:\n    g: foof\n' > sample.yml
yq '.a |= .b' sample.yml
