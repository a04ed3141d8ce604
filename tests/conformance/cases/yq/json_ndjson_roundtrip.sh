# from mikefarah/yq docs: usage/convert "Roundtrip NDJSON"
printf '{"this": "is a multidoc json file"}\n{"each": ["line is a valid json document"]}\n{"a number": 4}\n' > sample.json
yq -p=json -o=json -I=0 sample.json
