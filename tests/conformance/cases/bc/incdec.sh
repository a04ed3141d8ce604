echo 'x=5; x++; x; ++x; x--; --x' | bc
