opts=()
set -- -abc -d val -- -notopt file
while getopts 'abcd:' o; do
  case $o in
    d) opts+=("d=$OPTARG") ;;
    *) opts+=("$o") ;;
  esac
done
shift $((OPTIND-1))
printf 'opt: %s\n' "${opts[@]}"
printf 'arg: %s\n' "$@"
