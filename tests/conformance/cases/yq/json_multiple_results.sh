# from mikefarah/yq docs: usage/convert "Encode json: multiple results"
echo 'things: [{stuff: cool}, {whatever: cat}]' > sample.yml
yq -o=json -I=0 '.things[]' sample.yml
