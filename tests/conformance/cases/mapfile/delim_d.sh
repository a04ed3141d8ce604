printf 'a,b,c' > f
mapfile -t -d , arr < f
printf '[%s]' "${arr[@]}"; echo
