# `indices` of a one-byte string in a 4 MB string: four million
# positions (128 MB of cells) that jaq builds in one go; counted first.
# profile: normal
# limit: max_memory=8M
# expect-stop: memory
# expect-stderr-contains: jq: memory exhausted
jq -n '"a"*4000000 | indices("a") | length'
