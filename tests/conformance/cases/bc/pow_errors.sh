# check-stderr
echo '0^-1; 2^0.5; 2^10000000000000000000' | bc
