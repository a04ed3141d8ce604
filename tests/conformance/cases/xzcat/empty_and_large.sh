: | xz | xzcat | wc -c
seq 1 20000 | xz > big.xz
xzcat big.xz | tail -n 2
xzcat big.xz | wc -l
