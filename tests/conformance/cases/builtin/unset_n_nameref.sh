x=keep
declare -n r=x
unset -n r
echo "x=$x"
declare -p r 2>/dev/null || echo "r gone"
