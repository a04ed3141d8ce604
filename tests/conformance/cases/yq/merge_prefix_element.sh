# from mikefarah/yq docs: operators/multiply-merge "Merge to prefix an element"
printf 'a: cat\nb: dog\n' > sample.yml
yq '. * {"a": {"c": .a}}' sample.yml
