echo 'scale=5; 1/3; 10/4; -7/2' | bc
