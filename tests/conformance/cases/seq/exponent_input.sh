seq 1e1 1e1
