# version comparison: IFS splitting into arrays, 10# arithmetic, insertion sort with a compare function
vercmp() {
  local IFS=.
  local -a a=($1) b=($2)
  local i n=$(( ${#a[@]} > ${#b[@]} ? ${#a[@]} : ${#b[@]} ))
  for (( i = 0; i < n; i++ )); do
    local x=$((10#${a[i]:-0})) y=$((10#${b[i]:-0}))
    (( x > y )) && return 1
    (( x < y )) && return 2
  done
  return 0
}
for pair in '1.2.3 1.2.3' '1.10 1.9' '2.0 2.0.0' '0.9.9 1.0' '1.02 1.2.1'; do
  set -- $pair
  vercmp "$1" "$2"
  case $? in
    0) op='==' ;; 1) op='>' ;; 2) op='<' ;;
  esac
  echo "$1 $op $2"
done
versions=(1.10.0 1.2.0 0.9 1.2.10 1.2.9 2.0 1.2)
sorted=()
for v in "${versions[@]}"; do
  i=${#sorted[@]}
  while (( i > 0 )); do
    vercmp "${sorted[i-1]}" "$v"
    (( $? == 1 )) || break
    sorted[i]=${sorted[i-1]}
    (( i-- ))
  done
  sorted[i]=$v
done
echo "sorted: ${sorted[*]}"
echo "newest: ${sorted[-1]} oldest: ${sorted[0]}"
printf '%s\n' "${versions[@]}" | sort -t. -k1,1n -k2,2n -k3,3n | tr '\n' ' '; echo
