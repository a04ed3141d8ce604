# check-stderr
x=$(printf '\0\0')
echo "[${x}]"
