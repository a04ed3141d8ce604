seq 1 20 | base32 -w 0 | base32 -d | tail -n 2; seq 1 20 | base32 -w 7 | head -n 3
