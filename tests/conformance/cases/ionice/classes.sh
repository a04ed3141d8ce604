# check-stderr
ionice -c 0 true; echo "[$?]"
ionice -c none true; echo "[$?]"
ionice -t -c 2 true; echo "[$?]"
ionice --class 3 --ignore true; echo "[$?]"
