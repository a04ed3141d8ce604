echo 'x=3; x^=2; x; last; .' | bc
