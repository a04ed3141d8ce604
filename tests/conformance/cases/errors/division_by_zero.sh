# check-stderr
x=$((10/0))
echo notreached
