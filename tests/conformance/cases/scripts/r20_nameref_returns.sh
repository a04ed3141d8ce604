# returning values: namerefs (declare -n) for scalars, arrays and assoc arrays vs stdout capture
split_into() {
  local -n _out=$1
  local IFS=$2
  read -r -a _out <<< "$3"
}
stats() {
  local -n _nums=$1 _res=$2
  local n min=${_nums[0]} max=${_nums[0]} sum=0
  for n in "${_nums[@]}"; do
    (( n < min )) && min=$n
    (( n > max )) && max=$n
    (( sum += n ))
  done
  _res=([min]=$min [max]=$max [sum]=$sum [count]=${#_nums[@]})
}
upper_of() { printf '%s' "${1^^}"; }
set_var() { declare -n ref=$1; ref=$2; }
split_into parts : 'usr:local:bin'
echo "parts: ${#parts[@]} -> ${parts[1]}"
nums=(4 9 -2 15 0)
declare -A result
stats nums result
for k in count max min sum; do echo "$k=${result[$k]}"; done
declare -p parts
shout=$(upper_of 'quiet words')
echo "via stdout: $shout"
set_var greeting 'hello there'
echo "via nameref: $greeting"
declare -n alias_ref=greeting
alias_ref+=' friend'
echo "appended: $greeting (ref name: ${!alias_ref})"
for name in first second; do
  declare -n cur=$name
  cur="value of $name"
done
echo "$first / $second"
unset -n cur
echo "cur unset: ${cur-unset}"
