# One file past the largest-file limit: the write fails with EFBIG, and the
# sandbox goes on (the file can be removed and the space reused).
# fs-limit: max_file_size=1M max_total_bytes=4M
# expect-stop: none
# expect-stdout: rc=1
# expect-stderr-contains: File too large
# after: rm /tmp/big && head -c 1M /dev/zero > /tmp/big && wc -c < /tmp/big
# after-stdout: 1048576
head -c 20M /dev/zero > /tmp/big
echo "rc=$?"
