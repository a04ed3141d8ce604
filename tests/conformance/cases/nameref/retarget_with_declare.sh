x=1 y=2
declare -n r=x
echo "$r"
declare -n r=y
echo "$r"
