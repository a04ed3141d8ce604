a=(x y)
a[1]+=z
echo "${a[@]}"
