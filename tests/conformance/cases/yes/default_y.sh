yes | head -n 3
