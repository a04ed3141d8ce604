seq 10 | head -3
seq 10 | head -2c; echo
seq 10 | head -1 -q
