x=outer
declare -n r=x
(r=inner; echo "$x")
echo "$x"
