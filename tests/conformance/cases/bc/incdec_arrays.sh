echo '++a[2]; a[2]++; a[2]; --b; b--; b' | bc
