# check-stderr
echo before
echo $((1 +

2
