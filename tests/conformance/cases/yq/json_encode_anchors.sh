# from mikefarah/yq docs: usage/convert "Encode json: anchors"
printf 'cat: &ref meow\nanotherCat: *ref\n' > sample.yml
yq -o=json '.' sample.yml
