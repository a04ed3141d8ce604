# A chain of `+` in the program text, each doubling a 3 MB string: no
# loop, no recursion, so no guard of a loop sees it; `+` itself sizes
# its result against the memory left.
# profile: normal
# limit: max_memory=8M
# expect-stop: memory
# expect-stderr-contains: jq: memory exhausted
jq -n '"x"*3000000 | . + . + . + . + . + . + . + . + . + . + . + . | length'
