seq 1 5 | bc
