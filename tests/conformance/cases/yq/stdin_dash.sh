# from mikefarah/yq eval help: "cat file2.yml | yq e '.a.b' file1.yml - file3.yml"
echo 'a: {b: one}' > f1.yml
echo 'a: {b: three}' > f3.yml
echo 'a: {b: two}' | yq e '.a.b' f1.yml - f3.yml
