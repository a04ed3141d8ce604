# envsubst reading an endless variable name: `$` then letters that never
# end. GNU keeps the name in a buffer that grows with it; sandbash holds
# it too (the name must be looked up whole) and charges it to the memory
# budget, so the memory limit stops it instead of the host's memory.
# profile: normal
# limit: max_memory=8M wall_clock=3
# expect-stop: memory
# expect-stdout-bytes: 0
{ printf '$'; yes A | tr -d '\n'; } | envsubst
