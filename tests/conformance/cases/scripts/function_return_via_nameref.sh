get_stats() {
  local -n _out=$1; shift
  local min=$1 max=$1 sum=0 x
  for x; do (( x < min )) && min=$x; (( x > max )) && max=$x; (( sum += x )); done
  _out=([min]=$min [max]=$max [sum]=$sum)
}
declare -A st
get_stats st 4 8 1 9 3
echo "min=${st[min]} max=${st[max]} sum=${st[sum]}"
