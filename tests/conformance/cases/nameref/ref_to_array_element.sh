a=(1 2 3)
declare -n r='a[1]'
echo "$r"
r=9
echo "${a[@]}"
