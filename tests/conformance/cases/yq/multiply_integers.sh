# from mikefarah/yq docs: operators/multiply-merge "Multiply integers"
printf 'a: 3\nb: 4\n' > sample.yml
yq '.a *= .b' sample.yml
