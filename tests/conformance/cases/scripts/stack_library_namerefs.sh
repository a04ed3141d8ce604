# A small stack and queue library over arrays passed by name.
stack_push() { local -n _st=$1; shift; _st+=("$@"); }
stack_pop() {
  local -n _st=$1 _out=$2
  (( ${#_st[@]} )) || return 1
  _out=${_st[-1]}
  unset '_st[-1]'
}
queue_shift() {
  local -n _q=$1 _out=$2
  (( ${#_q[@]} )) || return 1
  _out=${_q[0]}
  _q=("${_q[@]:1}")
}
join_by() { local IFS=$1; shift; printf '%s\n' "$*"; }
todo=()
stack_push todo "write tests" "fix bug" "ship"
while stack_pop todo item; do
  echo "pop: $item (left ${#todo[@]})"
done
jobs_q=(build test deploy)
while queue_shift jobs_q j; do
  printf 'run %-7s|%s\n' "$j" "$(join_by , "${jobs_q[@]}")"
done
declare -A seen=()
dedupe() {
  local -n _in=$1 _res=$2
  local x; _res=()
  for x in "${_in[@]}"; do
    [[ -n ${seen[$x]+set} ]] && continue
    seen[$x]=1; _res+=("$x")
  done
}
words=(a b a c b d); dedupe words uniq
declare -p uniq
echo "${uniq[@]@Q}"
