# Two links back to their own directory, walked with -L: GNU find's loop
# message for each, no endless walk, status 1.
# symlink: /tmp/d/a -> /tmp/d
# symlink: /tmp/d/b -> .
# expect-stop: none
# expect-status: 1
# expect-max-seconds: 2
# expect-stdout: /tmp/d
# expect-stdout: /tmp/d/f
# expect-stderr-contains: find: File system loop detected; '/tmp/d/a' is part of the same file system loop as '/tmp/d'.
# expect-stderr-contains: find: File system loop detected; '/tmp/d/b' is part of the same file system loop as '/tmp/d'.
touch /tmp/d/f
find -L /tmp/d
