printf 'a\0b c\0' > f
mapfile -t -d '' arr < f
printf '[%s]' "${arr[@]}"; echo
