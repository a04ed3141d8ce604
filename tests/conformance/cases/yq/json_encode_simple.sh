# from mikefarah/yq docs: usage/convert "Encode json: simple"
echo 'cat: meow' > sample.yml
yq -o=json '.' sample.yml
