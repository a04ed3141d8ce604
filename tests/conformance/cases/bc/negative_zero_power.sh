echo 'x = (-0.1)^3; x; x == 0; x < 0; x + 0; -x; scale=2; (-0.1)^3; obase=16; (-0.1)^3' | bc
