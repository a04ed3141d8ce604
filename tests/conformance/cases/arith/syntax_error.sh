# check-stderr
echo $((1+))
echo notreached
