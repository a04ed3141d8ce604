shopt -q nullglob
echo "nullglob=$?"
shopt -s nullglob
shopt -q nullglob
echo "nullglob=$?"
