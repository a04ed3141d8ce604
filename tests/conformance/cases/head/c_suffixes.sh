seq 100000 > big
head -c 1K big | wc -c
head -c 1kB big | wc -c
head -c 2b big | wc -c
head -c 1KiB big | wc -c
head -c 1M big | wc -c
head -c 1MB big | wc -c
head -n 1k big | wc -l
