# from mikefarah/yq docs: usage/convert "Decode NDJSON" (at the command line's default indent of 2)
printf '{"this": "is a multidoc json file"}\n{"each": ["line is a valid json document"]}\n{"a number": 4}\n' > sample.json
yq -p=json sample.json
