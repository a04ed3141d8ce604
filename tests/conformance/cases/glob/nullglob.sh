shopt -s nullglob
echo "[" *.none "]"
