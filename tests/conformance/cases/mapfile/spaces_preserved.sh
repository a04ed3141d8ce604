printf '  lead\ttab  \n' > f
mapfile -t arr < f
printf '[%s]\n' "${arr[0]}"
