echo 'x = 1.23456; scale(x); scale(x*2); scale(x/2); x%1; scale=3; y=1/3; y*3; scale(y); length(y)' | bc
