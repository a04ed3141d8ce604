arr=(0 1 2 3)
printf 'a\n' > f
mapfile -t arr < f
declare -p arr
