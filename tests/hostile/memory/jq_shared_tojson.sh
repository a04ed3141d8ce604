# An array holding one 100 KB string 4096 times is 4096 cells in memory
# but 400 MB of JSON text: `tojson` must size the text against the
# memory left, not build it (before: 400 MB of peak RSS at an 8 MB limit).
# profile: normal
# limit: max_memory=8M
# expect-stop: memory
# expect-stderr-contains: jq: memory exhausted
jq -n '"a"*100000 | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.] | tojson | length'
