printf '1\n2\n3\n4\n' > f
mapfile -t -n 2 arr < f
echo "${arr[*]}"
