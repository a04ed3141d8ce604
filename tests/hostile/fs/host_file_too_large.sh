# One file past max_file_size on a host-backed /workspace: the write stops
# at the bound (EFBIG), and the file holds no more than the limit.
# workspace: host
# fs-limit: max_file_size=64K
# expect-stop: none
# expect-stderr-contains: File too large
# expect-stdout: 65536
head -c 1M /dev/zero > /workspace/big
wc -c < /workspace/big
