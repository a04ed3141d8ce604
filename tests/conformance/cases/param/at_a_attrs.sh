declare -ir n=1
a=(x)
declare -A h
s=plain
echo "[${n@a}] [${a@a}] [${h@a}] [${s@a}]"
