# derived with jq on the converted JSON: .items[] | select(.n > 1) | .name
printf 'items:\n  - name: a\n    n: 1\n  - name: b\n    n: 2\n  - name: c\n    n: 3\n' > f.yaml
yq '.items[] | select(.n > 1) | .name' f.yaml
