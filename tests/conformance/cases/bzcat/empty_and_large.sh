: | bzip2 | bzcat | wc -c
seq 1 20000 | bzip2 > big.bz2
bzcat big.bz2 | tail -n 2
bzcat big.bz2 | wc -l
