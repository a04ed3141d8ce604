# check-stderr
echo 'a[-1]=1' | bc
