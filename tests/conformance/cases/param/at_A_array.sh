a=(1 2)
echo "${a[@]@A}"
