printf 'l1\nl2\n' > f
exec 4< f
mapfile -t -u 4 arr
exec 4<&-
echo "${arr[1]}"
