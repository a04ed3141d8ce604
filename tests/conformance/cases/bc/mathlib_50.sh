echo 'scale=50; s(1); c(1); a(1)*4; l(2); e(1); j(0,1)' | bc -l
