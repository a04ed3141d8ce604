# `mapfile -d x` of a record that never ends (/dev/zero has no `x`): the
# record being read is charged chunk by chunk and the run stops on memory.
# expect-stop: memory
mapfile -d x arr < /dev/zero
echo "not reached: ${#arr[@]}"
