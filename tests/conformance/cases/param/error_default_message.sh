# check-stderr
v=
echo ${v:?}
echo notreached
