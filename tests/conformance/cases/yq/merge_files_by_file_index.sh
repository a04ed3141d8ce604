# from mikefarah/yq docs: operators/multiply-merge "Merging files" (eval-all 'select(fileIndex == 0) * select(fileIndex == 1)'; output derived with jq's * on the converted JSON)
printf 'a: 1\nb:\n  c: x\n  d: y\n' > file1.yaml
printf 'b:\n  c: z\ne: 2\n' > file2.yaml
yq eval-all 'select(fileIndex == 0) * select(fileIndex == 1)' file1.yaml file2.yaml
