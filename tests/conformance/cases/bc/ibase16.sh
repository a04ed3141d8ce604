echo 'ibase=16; FF; A; ibase=A; 10' | bc
