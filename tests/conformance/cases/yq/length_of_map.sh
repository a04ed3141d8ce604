# from mikefarah/yq docs: operators/length "Map length"
printf 'a: cat\nc: dog\n' > sample.yml
yq 'length' sample.yml
