# check-stderr
readonly x=1
x=2
echo notreached
