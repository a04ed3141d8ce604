yes -- -n | head -n 2
