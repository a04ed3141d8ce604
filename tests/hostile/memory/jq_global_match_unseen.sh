# A global regex match over a 600 KB string: jaq's `matches` builds one
# match object per match (300000 of them, about 300 MB) before
# sandbash's collect charges the first, so an 8 MB budget lets the host
# grow by hundreds of megabytes. The limit must stop it while the matches
# are found.
# profile: normal
# limit: max_memory=8M
# expect-stop: memory
# expect-stderr-contains: jq: memory exhausted
jq -n '"ab" * 300000 | [match("a"; "g")] | length'
