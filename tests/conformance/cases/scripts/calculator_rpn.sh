rpn() {
  local -a st=()
  local t a b
  for t in $1; do
    case $t in
      [-+*/])
        b=${st[-1]}; a=${st[-2]}
        st=("${st[@]:0:${#st[@]}-2}")
        st+=($(( a $t b ))) ;;
      *) st+=("$t") ;;
    esac
  done
  echo "${st[0]}"
}
rpn "3 4 + 2 *"
rpn "10 2 8 * + 3 -"
