# check-stderr
x=0
echo $((5%x))
echo notreached
