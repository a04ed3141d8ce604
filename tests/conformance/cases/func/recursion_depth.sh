count() { if [ $1 -gt 0 ]; then count $(( $1 - 1 )); else echo bottom; fi; }
count 100
