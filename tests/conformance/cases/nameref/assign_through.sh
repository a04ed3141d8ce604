x=1
declare -n r=x
r=42
echo "$x"
