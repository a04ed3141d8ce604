seq -s, 1 4
seq -w 8 10
