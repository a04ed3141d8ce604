# derived with jq on the converted JSON: del(.b)
printf 'a: 1\nb: 2\nc: 3\n' > f.yaml
yq 'del(.b)' f.yaml
