# jq nesting a value a level deeper on every step: each level built is
# charged, so the memory limit stops it while the value is still shallow
# enough for jaq's recursive drop to run on the evaluation thread's stack
# (no stack overflow, the host lives).
# profile: normal
# limit: max_memory=8M
# expect-stop: memory
jq -n 'reduce range(1e8) as $i (null; [.]) | length'
