# from mikefarah/yq docs: operators/length "String length" and "null length"
echo 'a: cat' > s.yml
echo 'a: null' > n.yml
yq '.a | length' s.yml n.yml
