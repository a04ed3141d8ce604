printf '%s\n' 1 2 3 4 5 6 > f
mapfile -t -s 1 -n 3 arr < f
echo "${arr[*]}"
