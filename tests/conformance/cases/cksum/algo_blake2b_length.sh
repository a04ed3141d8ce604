printf 'abc' > f
cksum -a blake2b f
cksum -a blake2b -l 256 f
