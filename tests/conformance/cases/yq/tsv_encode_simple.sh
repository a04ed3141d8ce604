# from mikefarah/yq docs: usage/csv-tsv "Encode TSV simple"
printf -- '- [i, like, csv]\n- [because, excel, is, cool]\n' > sample.yml
yq -o=tsv sample.yml
