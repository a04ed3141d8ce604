# jq collecting a billion numbers into one array: every element is
# charged to the run's memory budget as the array grows, so the memory
# limit stops it long before the host's memory runs out.
# profile: normal
# limit: max_memory=8M
# expect-stop: memory
# expect-stderr-contains: jq: memory exhausted
jq -n '[range(1e9)] | length'
