# from mikefarah/yq docs: operators/assign-update "Create yaml file"
yq --null-input '.a.b = "cat" | .x = "frog"'
