declare -n r=x
x=3
echo "$r"
