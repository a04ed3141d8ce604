echo 'ibase=2; 2; 12; 1.1; 0.11111' | bc
