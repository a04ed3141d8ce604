# check-stderr
unset v
echo ${v:?custom msg}
echo notreached
