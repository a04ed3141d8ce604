echo '2^300' | bc
