printf 'a\n\nb\n' > f
mapfile -t arr < f
echo "${#arr[@]}"
printf '[%s]' "${arr[@]}"; echo
