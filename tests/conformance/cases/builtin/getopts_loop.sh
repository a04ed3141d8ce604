set -- -a -b val file1 file2
while getopts ab: opt; do
  case $opt in
    a) echo A ;;
    b) echo "B=$OPTARG" ;;
  esac
done
shift $((OPTIND-1))
echo "rest=$*"
