# Symlink loops on the host side of the mount.
# workspace: host
# expect-stop: none
# expect-stderr-contains: cat: /workspace/loop: Too many levels of symbolic links
# expect-stderr-contains: cat: /workspace/ping: Too many levels of symbolic links
# expect-max-seconds: 1
cat /workspace/loop
cat /workspace/ping
true
