seq 1 2000 | tr '\n' '\0' | strings -n 4 | tail -n 3
yes abcdefgh | head -n 1000 | tr -d '\n' | strings | wc -c
