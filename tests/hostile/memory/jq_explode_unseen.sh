# jq exploding a 4.5 MB string into 4.5 million code points: jaq's
# `explode` builds the array (about 80 MB) unseen, so the memory limit
# must be checked against its size before it is built.
# profile: normal
# limit: max_memory=8M
# expect-stop: memory
# expect-stderr-contains: jq: memory exhausted
jq -n '"abc" * 1500000 | explode | length'
