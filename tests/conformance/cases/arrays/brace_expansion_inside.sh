a=(x{1..3} {a,b}y)
echo "${a[@]}"
