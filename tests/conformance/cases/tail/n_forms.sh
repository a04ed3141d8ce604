seq 10 | tail -n 3
seq 10 | tail -3
seq 10 | tail --lines=2
seq 10 | tail -n -2
