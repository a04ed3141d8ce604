seq 1 3 | nl -v 999998 -w 3
