# from mikefarah/yq docs: operators/reduce "Sum numbers"
printf -- '- 10\n- 2\n- 5\n- 3\n' > sample.yml
yq '.[] as $item ireduce (0; . + $item)' sample.yml
