# A back-reference after `.*` on a 400 000-byte line: the backtracker
# keeps a saved state per byte `.*` took (about 13 MB), which is charged
# to the run's memory budget as it grows, so the memory limit stops it.
# limit: max_memory=4M
# expect-stop: memory
s=$(printf '%0400000d' 0)
echo "${s//0/a}bx" | grep -c '\(.*\)\1x'
