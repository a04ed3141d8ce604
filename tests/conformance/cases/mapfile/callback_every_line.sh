printf 'a\nb\nc\n' > f
cb() { printf 'idx=%s ' "$1"; }
mapfile -C cb -c 1 arr < f
echo
