seq 200000 | tail -n 2
seq 200000 | tail -n +199999
seq 200000 | tail -c 7
