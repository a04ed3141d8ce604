x=1
unset x
echo "[${x-unset}]"
y=2
unset -v y
echo "[${y-unset}]"
