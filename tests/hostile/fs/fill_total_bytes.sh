# Files until the filesystem is full: ENOSPC, then the space is freed and
# usable again.
# fs-limit: max_file_size=1M max_total_bytes=4M
# expect-stop: none
# expect-stderr-contains: No space left on device
# expect-stdout-contains: stopped at
# expect-stdout-contains: ok
# after: rm -f /tmp/f*; head -c 1M /dev/zero > /tmp/again && echo freed
# after-stdout: freed
for i in 1 2 3 4 5 6 7 8; do
  head -c 1M /dev/zero > /tmp/f$i || { echo "stopped at $i"; break; }
done
echo ok > /tmp/small || echo "small file refused"
rm -f /tmp/f1 && echo ok
