# check-stderr
seq 1 10 > f
grep --group-separator=XX -A1 "^[27]$" f; echo "s=$?"
grep --group-separator= -A1 "^[27]$" f; echo "s=$?"
grep --no-group-separator -A1 "^[27]$" f; echo "s=$?"
grep -A1 "^[27]$" f f; echo "s=$?"
grep -cA1 "^[27]$" f; echo "s=$?"
grep -oA1 "^[27]$" f; echo "s=$?"
grep -A x 1 f; echo "s=$?"
grep -C -1 1 f; echo "s=$?"
