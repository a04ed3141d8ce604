seq 1 10000 | tac | head -n 3
