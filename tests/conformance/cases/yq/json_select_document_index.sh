# from mikefarah/yq docs: usage/convert "Update a specific document in a multi-document json" (read with select(di == 1))
printf '{"this": "is a multidoc json file"}\n{"each": ["line is a valid json document"]}\n{"a number": 4}\n' > sample.json
yq -p=json -o=json -I=0 'select(di == 1)' sample.json
