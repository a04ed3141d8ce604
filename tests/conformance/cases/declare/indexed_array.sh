declare -a a=(x y)
echo ${a[1]}
