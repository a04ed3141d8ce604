seq 1 30 | base32
seq 1 10 | base32 -w 20
seq 1 5 | base32 -w 0; echo
