# check-stderr
echo 'sqrt(-1)' | bc
