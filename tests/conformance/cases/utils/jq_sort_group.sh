# jq: sort/sort_by/group_by/unique/min/max and mixed-type ordering
printf '[{"n":"b","v":2},{"n":"a","v":3},{"n":"c","v":2}]\n' > in.json
jq -c 'sort_by(.v) | map(.n)' in.json
jq -c 'group_by(.v) | map(map(.n))' in.json
jq -c 'unique_by(.v) | length, (map(.v) | unique)' in.json
jq -c 'min_by(.v).n, max_by(.v).n, (map(.v) | min, max)' in.json
jq -c -n '[null, true, false, 0, -1, "a", "B", [], {}, [0]] | sort'
rm in.json
