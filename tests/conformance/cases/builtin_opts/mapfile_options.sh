# check-stderr
printf 'a\nb\n' > f
mapfile -t -- arr < f
declare -p arr
readarray -Q x
echo "status=$?"
mapfile -n
echo "status=$?"
