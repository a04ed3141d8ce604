# A host symlink to /etc used as a directory: nothing of the host's /etc
# is listed or read.
# workspace: host
# expect-stop: none
# expect-status: 1
# expect-stdout-empty:
# expect-stderr-contains: ls: cannot access '/workspace/escape/': No such file or directory
# expect-stderr-contains: cat: /workspace/escape/hostname: No such file or directory
ls /workspace/escape/
cat /workspace/escape/hostname
