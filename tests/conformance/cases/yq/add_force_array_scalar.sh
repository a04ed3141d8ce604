# from mikefarah/yq docs: usage/xml "Parse xml: force as an array" (the same [] + . on a YAML scalar)
printf 'animal: cat\n' > sample.yml
yq '.animal |= ([] + .)' sample.yml
