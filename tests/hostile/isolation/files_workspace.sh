# A file the other session wrote in its /workspace is not in this one's.
# peer: echo peer-secret-file-1 > /workspace/secret.txt
# expect-stop: none
# expect-status: 1
# expect-stdout: 0
# expect-stderr-contains: cat: /workspace/secret.txt: No such file or directory
# forbid: peer-secret-file-1
ls -A /workspace | wc -l
cat /workspace/secret.txt
