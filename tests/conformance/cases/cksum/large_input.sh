seq 1 100000 | cksum
seq 1 100000 | cksum -a sha256
