echo 'obase=16; 2^200; -2^100; scale=30; 1/3' | bc
