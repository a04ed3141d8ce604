# Writing through host symlinks that point out of the mount must not touch
# the host file (the harness checks it is unchanged).
# workspace: host
# expect-stop: none
# after: cat /workspace/readme.txt
# after-stdout: fixture
echo pwned > /workspace/secret
echo pwned >> /workspace/abs-secret
cp /workspace/readme.txt /workspace/secret
true
