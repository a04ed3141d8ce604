# check-stderr
echo 'foo(1)' | bc
