echo 'scale=100; 1/7' | bc
