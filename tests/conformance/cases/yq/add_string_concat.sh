# from mikefarah/yq docs: operators/add "String concatenation"
printf 'a: cat\nb: meow\n' > sample.yml
yq '.a += .b' sample.yml
