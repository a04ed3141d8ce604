# from mikefarah/yq docs: operators/reduce "Convert an array to an object"
printf -- '- name: Cathy\n  has: apples\n- name: Bob\n  has: bananas\n' > sample.yml
yq '.[] as $item ireduce ({}; .[$item | .name] = ($item | .has) )' sample.yml
