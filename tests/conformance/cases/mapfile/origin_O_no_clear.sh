arr=(0 1 2 3)
printf 'a\n' > f
mapfile -t -O 1 arr < f
echo "${arr[*]}"
