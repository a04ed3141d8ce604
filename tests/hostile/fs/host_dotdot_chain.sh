# `..` chains from inside a host-backed mount stop at the sandbox root.
# workspace: host
# expect-stop: none
# expect-status: 1
# expect-stdout: /
# expect-stdout: dev home tmp workspace
# expect-stderr-contains: No such file or directory
cd /workspace/sub/../../../../../../../..
pwd
echo *
cat /workspace/sub/../../../../../../../../etc/passwd
cat ../../../../outside/secret.txt
