arr=(keep keep2)
printf 'a\nb\n' > f
mapfile -t -O 5 arr < f
declare -p arr
