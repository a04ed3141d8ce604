# check-stderr
# A value whose bytes (blocks and kbytes are 1024 bytes) do not fit a
# 64-bit limit is refused, and the limit stays.
ulimit -f $(( (1 << 62) + 1 ))
echo "status $?"
ulimit -f
ulimit -S -d 18014398509481984
echo "status $?"
ulimit -c 99999999999999999999
echo "status $?"
