# check-stderr
echo '5 $' | bc
