# from mikefarah/yq docs: usage/xml "Encode xml: attributes"
printf 'cat:\n  +@name: tiger\n  meows: true\n' > sample.yml
yq -o=xml '.' sample.yml
