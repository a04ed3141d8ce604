seq 3 3
