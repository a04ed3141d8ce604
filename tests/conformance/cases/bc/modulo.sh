echo 'scale=3; -7%3; 7.5%2; 17%5' | bc
