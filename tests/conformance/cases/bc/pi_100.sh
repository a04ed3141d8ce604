echo 'scale=100; 4*a(1)' | bc -l
