# from mikefarah/yq docs: usage/xml "Encode xml: attributes with content"
printf 'cat:\n  +@name: tiger\n  +content: cool\n' > sample.yml
yq -o=xml '.' sample.yml
