# A flood of tiny files on a host-backed /workspace stops at max_entries
# (ENOSPC). The fixture's 11 entries, measured at mount, count: f190 is
# refused. `mkdir -p` makes what fits, one level at a time, as GNU mkdir.
# workspace: host
# fs-limit: max_entries=200
# expect-stop: none
# expect-stderr-contains: mkdir: cannot create directory '/workspace/a/b/c': No space left on device
# expect-stdout: stopped at 190
# expect-stdout: a/b made, a/b/c refused
# limit: max_loop_iterations=100000
for ((i = 1; i <= 1000; i++)); do
  : > /workspace/f$i 2>/dev/null || { echo "stopped at $i"; break; }
done
rm -f /workspace/f1 /workspace/f2
mkdir -p /workspace/a/b/c
[ -d /workspace/a/b ] && [ ! -e /workspace/a/b/c ] && echo "a/b made, a/b/c refused"
