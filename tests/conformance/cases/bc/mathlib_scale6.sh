echo 'scale=6; e(2.5); l(1000000); s(-100); c(0.001); scale=0; e(1); l(10)' | bc -l
