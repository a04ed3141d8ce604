printf 'abc' > f
cksum -a sysv f
cksum -a bsd f
cksum -a crc f
