# from mikefarah/yq docs: operators/assign-update "Update string value"
printf 'a:\n  b: apple\n' > sample.yml
yq '.a.b = "frog"' sample.yml
