# from mikefarah/yq docs: operators/assign-update "Update empty object"
echo '{}' > sample.yml
yq '.a.b |= "bogs"' sample.yml
