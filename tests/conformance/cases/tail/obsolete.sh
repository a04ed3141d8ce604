seq 10 | tail -2
seq 10 | tail -3c
seq 10 | tail +9c
seq 10 | tail -2l
