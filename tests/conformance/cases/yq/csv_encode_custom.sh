# from mikefarah/yq docs: usage/csv-tsv "Encode array of objects to custom csv format"
printf -- "- name: Gary\\n  numberOfCats: 1\\n  likesApples: true\\n  height: 168.8\\n- name: Samantha's Rabbit\\n  numberOfCats: 2\\n  likesApples: false\\n  height: -188.8\\n" > sample.yml
yq -o=csv '[["Name", "Number of Cats"]] +  [.[] | [.name, .numberOfCats ]]' sample.yml
