usage() { echo "usage: prog [-v] [-o file] args..." >&2; return 2; }
parse() {
  local OPTIND opt verbose=0 output=-
  while getopts ':vo:' opt; do
    case $opt in
      v) verbose=1 ;;
      o) output=$OPTARG ;;
      :) echo "missing argument for -$OPTARG"; return 2 ;;
      \?) echo "unknown option -$OPTARG"; return 2 ;;
    esac
  done
  shift $((OPTIND - 1))
  echo "verbose=$verbose output=$output rest=$*"
}
parse -v -o out.txt a b
parse a b
parse -x
parse -o
echo "last status=$?"
