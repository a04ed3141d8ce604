# check-stderr
main() {
  local opt
  while getopts 'n:' opt; do
    case $opt in
      n) [[ $OPTARG =~ ^[0-9]+$ ]] || { echo "error: -n needs a number" >&2; return 1; }
         echo "n=$OPTARG" ;;
      *) echo "usage: main [-n N]" >&2; return 2 ;;
    esac
  done
}
main -n 5
main -n five
echo "status=$?"
OPTIND=1
main -q
echo "status=$?"
