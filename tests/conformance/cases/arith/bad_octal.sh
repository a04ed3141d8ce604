# check-stderr
echo $((09))
echo notreached
