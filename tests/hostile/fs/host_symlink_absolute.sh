# In a host-backed /workspace, a symlink to /etc/passwd resolves inside the
# sandbox, where /etc does not exist.
# workspace: host
# expect-stop: none
# expect-status: 1
# expect-stderr: cat: /workspace/passwd: No such file or directory
cat /workspace/passwd
