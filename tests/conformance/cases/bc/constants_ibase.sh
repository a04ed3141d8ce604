echo 'A.A; A.; .A; AB.C; 00012.50; 1.; ibase=3; A.A; AA; A.0' | bc
