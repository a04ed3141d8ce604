# A `<>` descriptor writes in place by rewriting the file (the VFS has no
# positioned write); the copy it holds counts against the memory limit, so
# a file larger than the budget stops the run on memory, never the host.
# limit: max_memory=16M
# fs-limit: max_file_size=64M max_total_bytes=128M
# expect-stop: memory
# expect-stdout: made
head -c 20000000 /dev/zero > big && echo made
exec 3<>big
echo x >&3
echo "not reached"
