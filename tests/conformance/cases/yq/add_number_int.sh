# from mikefarah/yq docs: operators/add "Number addition - int"
printf 'a: 3\nb: 4\n' > sample.yml
yq '.a = .a + .b' sample.yml
