# A symlink to itself: ELOOP, not a hang.
# symlink: /tmp/loop -> /tmp/loop
# expect-stop: none
# expect-status: 1
# expect-stderr: cat: /tmp/loop: Too many levels of symbolic links
# expect-max-seconds: 1
cat /tmp/loop
