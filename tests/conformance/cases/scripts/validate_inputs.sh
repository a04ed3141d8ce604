validate() {
  local v=$1
  case $v in
    '') echo "empty" ;;
    *[!0-9]*) echo "$v: not a number" ;;
    *) (( v >= 1 && v <= 100 )) && echo "$v: ok" || echo "$v: out of range" ;;
  esac
}
for x in 42 0 abc 100 '' 101; do validate "$x"; done
