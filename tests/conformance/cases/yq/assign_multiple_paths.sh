# from mikefarah/yq docs: operators/assign-update "Updated multiple paths"
printf 'a: fieldA\nb: fieldB\nc: fieldC\n' > sample.yml
yq '(.a, .c) = "potato"' sample.yml
