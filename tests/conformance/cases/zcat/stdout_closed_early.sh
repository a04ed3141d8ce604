seq 1 100000 | gzip > big.gz
zcat big.gz | head -n 3
