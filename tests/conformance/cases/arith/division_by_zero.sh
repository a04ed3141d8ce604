# check-stderr
echo start
echo $((1/0))
echo notreached
