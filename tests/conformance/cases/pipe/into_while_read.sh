seq 5 | while read n; do echo $((n*n)); done
