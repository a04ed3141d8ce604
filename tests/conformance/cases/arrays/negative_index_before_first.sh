# check-stderr
# A negative index still before the first element is an error that
# expands to nothing; an associative array has no empty key.
a=(1 2)
echo "[${a[-1]}] [${a[-2]}] [${a[-3]}]"; echo "status $?"
echo "[${a[-3]:-d}]"
s=x; echo "[${s[-1]}]"
echo "[${u[-1]}]"
declare -A h
h[""]=x; echo "not reached"
echo "after $?"
h[k]=v; declare -p h
