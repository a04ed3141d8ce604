# from mikefarah/yq docs: operators/assign-update "Double elements in an array"
printf -- '- 1\n- 2\n- 3\n' > sample.yml
yq '.[] |= . * 2' sample.yml
