echo 'obase=2; 10; 0.1; 255' | bc
