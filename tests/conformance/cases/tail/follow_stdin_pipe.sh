seq 5 | tail -f -n 2; echo "[$?]"
seq 5 | tail -f; echo "[$?]"
