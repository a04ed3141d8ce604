main() {
  local x
  for i in a b c
  do
    if [[ $i == b ]]; then continue; fi
    echo "$i" | tr a-z A-Z || return 1
  done
  case "$1" in
    -h|--help) usage; exit 0 ;;
    *) : ;;
  esac
}
type main
main
