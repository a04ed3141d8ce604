# A recursive search of the whole tree finds nothing of the other session.
# peer: mkdir -p /workspace/a/b /tmp/c; echo peer-secret-file-3 > /workspace/a/b/f; echo peer-secret-file-3 > /tmp/c/g
# expect-stop: none
# expect-status: 1
# forbid: peer-secret-file-3
grep -r peer-secret /workspace /tmp /home /dev/null
