# check-stderr
printf 'return 5\n' | bc
