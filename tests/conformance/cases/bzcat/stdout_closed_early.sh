seq 1 100000 | bzip2 > big.bz2
bzcat big.bz2 | head -n 3
