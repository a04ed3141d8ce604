printf 'a\nb\nc\nd\n' > f
cb() { echo "cb $1 [$2]"; }
mapfile -t -C cb -c 2 arr < f
echo "${#arr[@]}"
