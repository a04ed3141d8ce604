a=(x y z)
IFS=,
echo "${a[*]}"
echo "${a[@]}"
