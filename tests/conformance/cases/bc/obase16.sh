echo 'obase=16; 255; -255; 0.5; 1/3' | bc
