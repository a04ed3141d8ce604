# check-stderr
printf '2\n"abc\n1; 2\n3\n' | bc
