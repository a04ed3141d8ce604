seq 1 10 | column -c 20
