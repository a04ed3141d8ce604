# Filling a host-backed /workspace: the mount counts what it holds against
# the sandbox's filesystem limits (not only the host's disk), refuses the
# file that does not fit with ENOSPC, and frees what is removed. The
# fixture's few bytes, measured at mount, leave room for three 1M files.
# workspace: host
# fs-limit: max_file_size=1M max_total_bytes=4M
# expect-stop: none
# expect-stderr-contains: No space left on device
# expect-stdout: stopped at 4
# expect-stdout: ok
# after: rm -f /workspace/f*; head -c 1M /dev/zero > /workspace/again && wc -c < /workspace/again
# after-stdout: 1048576
for i in 1 2 3 4 5 6 7 8; do
  head -c 1M /dev/zero > /workspace/f$i || { echo "stopped at $i"; break; }
done
rm -f /workspace/f1 && echo ok
