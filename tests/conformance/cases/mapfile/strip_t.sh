printf 'a\nb\nc\n' > f
mapfile -t arr < f
printf '[%s]' "${arr[@]}"; echo
