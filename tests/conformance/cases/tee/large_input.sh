seq 100000 | tee f | tail -n 1
wc -l < f
