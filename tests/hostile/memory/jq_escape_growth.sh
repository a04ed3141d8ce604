# `@html` of a 2 MB string of quotes: six bytes out per byte in (12 MB),
# sized against the memory left before the escape runs.
# profile: normal
# limit: max_memory=8M
# expect-stop: memory
# expect-stderr-contains: jq: memory exhausted
jq -n '"\""*2000000 | @html | length'
