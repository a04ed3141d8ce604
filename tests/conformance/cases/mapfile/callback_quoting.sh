cb() { printf '%s <%s>\n' "$1" "$2"; }
printf '%s\n' "it's" '$HOME' 'a  b' | { mapfile -t -C cb -c 1 arr; echo "${#arr[@]}"; }
printf '%s\n' 1 2 3 4 5 > f
mapfile -t -C 'echo cmd' -c 2 arr < f
echo "${arr[*]}"
