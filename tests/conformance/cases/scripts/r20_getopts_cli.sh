# check-stderr
# getopts CLI: usage function, option args, silent mode, missing args, shift
usage() {
  printf 'usage: %s [-v] [-o FILE] [-n COUNT] NAME...\n' "$prog" >&2
  return 2
}
run() {
  local prog=mytool verbose=0 out=- count=1 opt OPTIND=1 OPTARG
  while getopts ':vo:n:h' opt; do
    case $opt in
      v) verbose=$((verbose + 1)) ;;
      o) out=$OPTARG ;;
      n) [[ $OPTARG == +([0-9]) ]] || { echo "$prog: bad count '$OPTARG'" >&2; return 1; }
         count=$OPTARG ;;
      h) usage; return 0 ;;
      :) echo "$prog: option -$OPTARG requires an argument" >&2; usage; return ;;
      \?) echo "$prog: unknown option -$OPTARG" >&2; usage; return ;;
    esac
  done
  shift $((OPTIND - 1))
  (( $# > 0 )) || { echo "$prog: no names given" >&2; return 1; }
  echo "verbose=$verbose out=$out count=$count names=[$*]"
}
shopt -s extglob
run -vv -o report.txt -n 3 alpha beta; echo "rc=$?"
run -vn2 gamma; echo "rc=$?"
run -o; echo "rc=$?"
run -x alpha; echo "rc=$?"
run -n lots alpha; echo "rc=$?"
run -v -- -literal; echo "rc=$?"
run -v; echo "rc=$?"
run -h; echo "rc=$?"
