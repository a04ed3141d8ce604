yes x | head -n 100000 | wc -l
