# `mapfile` of a stream of lines that never ends: each line is a new
# element, so the variable store's share of the memory budget stops it
# (never a silent cut, never the host's memory).
# expect-stop: memory
yes | { mapfile -t arr; echo "not reached: ${#arr[@]}"; }
