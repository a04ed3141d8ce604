# check-stderr
seq 3 | head -n 99999999999999999999999
seq 3 | head -c 99999999999999999999999 | wc -c
seq 3 | head -n -99999999999999999999999 | wc -c; echo "[$?]"
