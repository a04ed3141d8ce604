echo 'obase=3; 3^40; 3^40-1; obase=7; 7^30*5+3; obase=8; -10.5' | bc
