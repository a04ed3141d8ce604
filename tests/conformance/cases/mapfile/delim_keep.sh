printf 'a,b,' > f
mapfile -d , arr < f
printf '[%s]' "${arr[@]}"; echo
