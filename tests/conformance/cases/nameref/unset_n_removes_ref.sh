x=1
declare -n r=x
unset -n r
echo "x=$x r=${r-unset}"
