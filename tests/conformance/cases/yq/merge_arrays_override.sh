# from mikefarah/yq docs: operators/multiply-merge "Merge arrays"
printf 'a:\n  - 1\n  - 2\n  - 3\nb:\n  - 3\n  - 4\n  - 5\n' > sample.yml
yq '. * {"a":.b}' sample.yml
