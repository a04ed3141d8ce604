seq 5 | head -n 0; echo "[$?]"
seq 5 | head -n +2
seq 5 | head -c 0 | wc -c
seq 5 | head --lines=2 --bytes=3; echo
