f() { mapfile -t arr; echo "in ${#arr[@]}"; }
printf 'l\nm\n' > f
f < f
echo "out ${arr[*]}"
g() { local arr; mapfile -t arr; echo "in ${arr[*]}"; }
g < f
echo "after ${arr[*]}"
