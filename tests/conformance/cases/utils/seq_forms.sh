seq 3
seq 2 4
seq 1 3 10
seq 5 -2 1
