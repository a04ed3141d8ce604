x=1
declare -n r=x
unset -n r
declare -p r 2>/dev/null || echo "r gone"
echo "x=$x"
declare -n q=x
declare +n q
declare -p q
declare -nr ro=x
declare -p ro
