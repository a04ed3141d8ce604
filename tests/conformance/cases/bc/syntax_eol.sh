# check-stderr
echo '1 +' | bc
