# from mikefarah/yq docs: operators/add "Add new object to array"
printf 'a:\n  - dog: woof\n' > sample.yml
yq '.a + {"cat": "meow"}' sample.yml
