# A quotient to a billion digits: its size is charged before the division.
# expect-stop: memory
echo 'scale = 1000000000; 1/3' | bc
