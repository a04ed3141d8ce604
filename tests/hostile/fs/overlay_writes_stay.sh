# On an overlay mount, writes and removals stay in memory: the host files
# are untouched (the harness checks the file outside), the sandbox sees
# its own changes.
# workspace: overlay
# expect-stop: none
# expect-stdout: pwned
# expect-stdout: 0
echo pwned > /workspace/readme.txt
cat /workspace/readme.txt
rm -rf /workspace/*
ls -A /workspace | wc -l
