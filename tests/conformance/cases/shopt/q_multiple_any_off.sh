shopt -s nullglob
shopt -q nullglob dotglob
echo "status=$?"
