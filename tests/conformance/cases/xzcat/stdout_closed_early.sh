seq 1 100000 | xz > big.xz
xzcat big.xz | head -n 3
