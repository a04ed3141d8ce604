printf '1\n2\n3\n4\n' > f
mapfile -t -s 2 arr < f
echo "${arr[*]}"
