a=(5 3 9 1 7 2)
for ((i=1; i<${#a[@]}; i++)); do
  key=${a[i]} j=$((i-1))
  while (( j >= 0 && a[j] > key )); do a[j+1]=${a[j]}; ((j--)); done
  a[j+1]=$key
done
echo "${a[*]}"
