seq 1 100000 | sha256sum
