head -n 2 <(printf '%s\n' 1 2 3 4 5)
