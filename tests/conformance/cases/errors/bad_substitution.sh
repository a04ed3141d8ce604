# check-stderr
echo ${x!}
echo notreached
