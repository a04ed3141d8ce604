# from mikefarah/yq docs: operators/assign-update "Update node value that has an anchor"
echo 'a: &cool cat' > sample.yml
yq '.a = "dog"' sample.yml
