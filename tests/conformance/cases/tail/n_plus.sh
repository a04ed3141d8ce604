seq 10 | tail -n +8
seq 3 | tail -n +1
seq 3 | tail -n +0
seq 3 | tail -n +9; echo "[$?]"
seq 10 | tail +9
