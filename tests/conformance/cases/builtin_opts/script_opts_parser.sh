# check-stderr
# A tool's option parsing with getopts, handing clustered flags and
# arguments on to builtins the way scripts do.
run() {
  local OPTIND opt verbose=0 out= mode=644
  while getopts ':vo:m:' opt; do
    case $opt in
      v) ((verbose++)) ;;
      o) out=$OPTARG ;;
      m) mode=$OPTARG ;;
      :) echo "missing value for -$OPTARG" >&2; return 2 ;;
      \?) echo "unknown -$OPTARG" >&2; return 2 ;;
    esac
  done
  shift $((OPTIND - 1))
  local -a files=("$@")
  local -r summary="verbose=$verbose out=${out:-stdout} mode=$mode files=${#files[@]}"
  echo "$summary"
  printf -v joined '%s,' "${files[@]}"
  echo "${joined%,}"
}
run -vv -o log.txt -m 600 -- a -b c
run -v a b
run -x a 2>&1
run -o 2>&1
echo "status=$?"
set -- -vo out.txt rest
run "$@"
