echo $#
set -- a b
echo $# "$@"
