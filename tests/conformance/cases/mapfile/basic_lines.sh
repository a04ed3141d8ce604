printf 'a\nb\nc\n' > f
mapfile arr < f
printf '[%s]' "${arr[@]}"; echo
