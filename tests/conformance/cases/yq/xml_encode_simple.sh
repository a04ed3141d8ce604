# from mikefarah/yq docs: usage/xml "Encode xml: simple"
echo 'cat: purrs' > sample.yml
yq -o=xml '.' sample.yml
