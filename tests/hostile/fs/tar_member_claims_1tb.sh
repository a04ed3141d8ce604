# A plain tar member whose size field claims 1 TiB (base-256) with only
# 1 KiB of body after its header. GNU tar lists it, then stops:
# "Unexpected EOF in archive", status 2, for both t and x. Nothing may
# be sized from the header: the body is checked against what is there.
# expect-stop: none
# expect-status: 2
# expect-stdout: -rw-r--r-- 0/0   1099511627776 1970-01-01 00:00 huge
# expect-stdout: 2
# expect-stderr: tar: Unexpected EOF in archive
# expect-stderr: tar: Error is not recoverable: exiting now
# expect-stderr: tar: Unexpected EOF in archive
# expect-stderr: tar: Error is not recoverable: exiting now
z() { head -c "$1" /dev/zero; }
{ printf 'huge'; z 96; printf '0000644\x000000000\x000000000\x00\x80\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00'; z 11 | tr '\0' 0; printf '\x00005727\x00 0'; z 100; printf 'ustar  '; z 248; z 1024 | tr '\0' B; } > huge.tar
tar tvf - < huge.tar
echo $?
mkdir x && tar xf huge.tar -C x
