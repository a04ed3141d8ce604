: | gzip | zcat | wc -c
seq 1 20000 | gzip > big.gz
zcat big.gz | tail -n 2
zcat big.gz | wc -l
