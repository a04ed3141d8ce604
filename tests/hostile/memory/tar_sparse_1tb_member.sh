# A tar whose GNU sparse member (type 'S') claims a real size of 1 TiB:
# one 512-byte chunk at its very end, the rest a hole (the header built
# byte by byte with printf; sizes and offsets in GNU's base-256 form).
# GNU tar lists it with its real size and would make a 1 TiB sparse file.
# A sparse member reads back expanded, so tar charges its real size to
# the memory budget before reading a byte: the run stops on the memory
# limit at once, and the host allocates nothing.
# expect-stop: memory
# expect-stdout: -rw-r--r-- 0/0   1099511627776 1970-01-01 00:00 big
# expect-stdout-not-contains: not reached
z() { head -c "$1" /dev/zero; }
{ printf 'big'; z 97; printf '0000644\x000000000\x000000000\x0000000001000\x00'; z 11 | tr '\0' 0; printf '\x00012040\x00 S'; z 100; printf 'ustar  '; z 122; printf '\x80\x00\x00\x00\x00\x00\x00\xff\xff\xff\xfe\x0000000001000'; z 74; printf '\x80\x00\x00\x00\x00\x00\x01'; z 22; z 512 | tr '\0' A; z 1024; } > sparse.tar
tar tvf sparse.tar
mkdir x && tar xf sparse.tar -C x
echo not reached
