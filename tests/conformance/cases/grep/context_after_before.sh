# check-stderr
seq 1 12 > f
grep -A1 "^[37]$" f; echo "s=$?"
grep -B2 "^[37]$" f; echo "s=$?"
grep -C1 "^1[01]$" f; echo "s=$?"
grep -nA1 "^5$" f; echo "s=$?"
grep -bB1 "^5$" f; echo "s=$?"
grep -2 "^6$" f; echo "s=$?"
grep -A 0 "^[37]$" f; echo "s=$?"
grep -A1 -B1 -v "[2-9]" f; echo "s=$?"
