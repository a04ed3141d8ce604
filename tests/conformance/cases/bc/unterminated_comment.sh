# check-stderr
printf '1\n/* never closed\n2\n' | bc
