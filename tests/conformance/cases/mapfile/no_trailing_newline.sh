printf 'a\nlast' > f
mapfile -t arr < f
printf '[%s]' "${arr[@]}"; echo
