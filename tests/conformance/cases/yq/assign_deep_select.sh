# from mikefarah/yq docs: operators/assign-update "Update deeply selected results"
printf 'a:\n  b: apple\n  c: cactus\n' > sample.yml
yq '(.a[] | select(. == "apple")) = "frog"' sample.yml
