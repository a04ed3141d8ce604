# from mikefarah/yq docs: usage/split-into-multiple-files and the printer (results of different documents are separated by ---)
printf 'a: 1\n---\na: 2\n' > f.yml
yq '.a' f.yml
