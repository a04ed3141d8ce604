shopt -s nullglob
for f in *.none; do echo "got $f"; done
echo "[$(echo *.none)]"
