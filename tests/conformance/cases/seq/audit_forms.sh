# check-stderr
seq 1 0; echo "[$?]"
seq -w 8 11
seq -s, 1 3
seq -f '%03g' 1 3
seq 1 0.5 2.5
seq 5 -2 0
seq -w -1 1
seq 0.1 0.1 0.3
seq -f %x 1; echo "[$?]"
seq 1 0 3; echo "[$?]"
