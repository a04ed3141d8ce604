# check-stderr
echo 'break' | bc
