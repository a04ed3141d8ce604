# Two symlinks back to their own directory, walked by tools that follow
# them. Without loop detection the walk has 2^40 paths before ELOOP.
# GNU ls and grep notice the directory was already visited and say so.
# symlink: /tmp/d/a -> /tmp/d
# symlink: /tmp/d/b -> /tmp/d
# expect-stop: none
# expect-status: nonzero
# expect-max-seconds: 2
# expect-stderr-contains: not listing already-listed directory
# expect-stderr-contains: recursive directory loop
echo needle > /tmp/d/f
ls -RL /tmp/d > /dev/null
grep -R needle /tmp/d > /dev/null
