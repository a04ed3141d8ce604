seq 1 100000 | wc -l
