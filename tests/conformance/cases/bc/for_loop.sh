echo 'for (i = 1; i <= 10; i++) { if (i == 4) continue; if (i == 8) break; i }' | bc
