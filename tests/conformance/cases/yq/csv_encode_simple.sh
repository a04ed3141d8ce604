# from mikefarah/yq docs: usage/csv-tsv "Encode CSV simple"
printf -- '- [i, like, csv]\n- [because, excel, is, cool]\n' > sample.yml
yq -o=csv sample.yml
