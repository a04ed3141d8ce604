main() {
  local cmd=$1; shift
  case $cmd in
    add) local sum=0; for n; do ((sum+=n)); done; echo "sum=$sum" ;;
    greet) echo "hello, ${1:-stranger}" ;;
    *) echo "unknown '$cmd'"; return 1 ;;
  esac
}
main add 1 2 3 4
main greet
main greet Ann
main frob || echo "failed with $?"
