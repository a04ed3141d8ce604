ionice -c2 -n0 true; echo "[$?]"
ionice -c 2 -n 7 true; echo "[$?]"
ionice -c3 true; echo "[$?]"
