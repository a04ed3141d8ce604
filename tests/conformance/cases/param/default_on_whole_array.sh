a=()
echo "[${a[@]:-empty}]"
a=('')
echo "[${a[@]:-empty2}] [${a[@]-d}]"
