# `truncate` to exabyte sizes: the VFS's file-size bound refuses the
# growth before anything is allocated (`File too large`), the file keeps
# its size and the sandbox stays usable.
# expect-stop: none
# expect-stdout: status 1
# expect-stdout: status 1
# expect-stdout: status 1
# expect-stdout: 2
# expect-stderr-contains: truncate: failed to truncate 'f' at
# expect-stderr-contains: File too large
printf ab > f
truncate -s 1E f; echo "status $?"
truncate -s +8E f; echo "status $?"
truncate -o -s 1P f; echo "status $?"
wc -c < f
