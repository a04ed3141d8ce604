# A host symlink `secret -> ../outside/secret.txt` points out of the mount;
# in the sandbox it resolves to /outside/secret.txt, which does not exist.
# workspace: host
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: cat: /workspace/secret: No such file or directory
# expect-stderr-contains: cat: /workspace/abs-secret: No such file or directory
cat /workspace/secret
cat /workspace/abs-secret
