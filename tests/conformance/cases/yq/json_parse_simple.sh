# from mikefarah/yq docs: usage/convert "Parse json: simple"
echo '{"cat": "meow"}' > sample.json
yq -p=json sample.json
