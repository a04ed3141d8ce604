a=(short longer)
echo "${#a[1]} ${#a[@]}"
