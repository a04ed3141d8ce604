verbose=0 name=world
set -- --verbose --name=bash extra
while (($#)); do
  case $1 in
    --verbose) verbose=1 ;;
    --name=*) name=${1#*=} ;;
    --name) shift; name=$1 ;;
    --) shift; break ;;
    -*) echo "bad option $1" >&2; exit 2 ;;
    *) break ;;
  esac
  shift
done
echo "verbose=$verbose name=$name rest=$*"
