# from mikefarah/yq docs: operators/assign-update "Update node to be the sibling value"
printf 'a:\n  b: child\nb: sibling\n' > sample.yml
yq '.a = .b' sample.yml
