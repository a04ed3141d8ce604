echo 'scale=2; 1/3; 10/3*3; 2/3' | bc
