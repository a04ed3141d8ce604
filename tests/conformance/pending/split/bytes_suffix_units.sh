seq 1 2000 | split -b 1K
ls; wc -c < xab
